import type { AppDeps } from "../deps"
import { parseApiRequest, type RestRequest } from "./api-request"
import { readStatement } from "./build-sql"
import type { Catalog } from "./catalog"
import { handleMutation } from "./mutation-handler"
import { checkRead, findRelation, MAX_ROWS } from "./plan"
import { type Outcome, readOutcome } from "./render-response"
import { firstRow, runAsRequest } from "./request-script"

/**
 * GET/HEAD/POST/PATCH/DELETE on /rest/v1/<table>, through the four stages: the request parsed
 * (api-request.ts), its names resolved (plan.ts), its SQL built (build-sql.ts) and run in one
 * round trip (request-script.ts), the results rendered (render-response.ts). Writes continue in
 * mutation-handler.ts.
 */
export async function handleTable(
  deps: AppDeps,
  catalog: Catalog,
  name: string,
  req: RestRequest,
): Promise<Outcome> {
  const relation = findRelation(catalog, name)
  const api = parseApiRequest(req, ["POST", "PATCH", "DELETE"])
  if (!api.read) return handleMutation(deps, relation, api, req)

  const { query, prefs, head, shape } = api
  const count = prefs.count !== null
  const bodyShape = head ? "none" : shape
  // A counted HEAD reads no rows, so its select and order never reach the SQL.
  checkRead(relation, query, !(count && bodyShape === "none"))
  const statement = readStatement({ kind: "relation", relation }, query, {
    count,
    shape: bodyShape,
    maxRows: MAX_ROWS,
  })
  const [result] = await runAsRequest(deps, req.auth, [statement], { readOnly: true })
  return readOutcome(firstRow(result), query, shape, head, prefs)
}
