import type { RawBuilder } from "kysely"

import type { AppDeps } from "../deps"
import { type ApiRequest, parseTableWrite, type RestRequest } from "./api-request"
import { deleteStatement, insertStatement, type ResultRow, updateStatement } from "./build-sql"
import type { Relation } from "./catalog"
import { checkDelete, checkUpdate, planInsert, type ReturnShape } from "./plan"
import { checkSingle, mutationOutcome, type Outcome, tally } from "./render-response"
import { runAsRequest } from "./request-script"

/**
 * POST (insert, or upsert with `Prefer: resolution=…`), PATCH and DELETE on a table, with the
 * written rows returned when `Prefer: return=representation` asks for them.
 */
export async function handleMutation(
  deps: AppDeps,
  relation: Relation,
  api: ApiRequest,
  req: RestRequest,
): Promise<Outcome> {
  const { query, prefs, shape } = api
  const write = await parseTableWrite(req, api)
  const returnShape: ReturnShape = prefs.return === "representation" ? shape : "minimal"
  let statements: RawBuilder<ResultRow>[]
  if (write.kind === "insert") {
    const { groups, conflict } = planInsert(relation, query, prefs, returnShape, write.rows)
    statements = groups.map((g) =>
      insertStatement(relation, g.columns, g.rows, query, returnShape, conflict),
    )
  } else if (write.kind === "update") {
    // An empty patch changes nothing, so nothing is checked or run.
    const changes = Object.keys(write.patch).length > 0
    if (changes) checkUpdate(relation, write.patch, query, returnShape)
    statements = changes ? [updateStatement(relation, write.patch, query, returnShape)] : []
  } else {
    checkDelete(relation, query, returnShape)
    statements = [deleteStatement(relation, query, returnShape)]
  }

  const results = await runAsRequest(deps, req.auth, statements, {
    readOnly: false,
    // A single object was asked for: anything but one row rolls the whole request back (which
    // costs a second round trip, so only then is the check made before COMMIT).
    ...(shape === "object" && { check: (r) => checkSingle(tally(r, returnShape).rows) }),
  })
  const created = write.kind === "insert" ? 201 : null
  return mutationOutcome(results, shape, returnShape, prefs, created)
}
