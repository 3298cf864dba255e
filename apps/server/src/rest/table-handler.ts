import type { Statement } from "../db/batch"
import type { AppDeps } from "../deps"
import { type ApiRequest, parseApiRequest, type RestRequest } from "./api-request"
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
  const read = req.method === "GET" || req.method === "HEAD"
  const planned = read ? plannedRead(deps, catalog, name, req) : null
  if (!planned) {
    const relation = findRelation(catalog, name)
    return handleMutation(deps, relation, parseApiRequest(req, WRITE_METHODS), req)
  }
  const { statement, api } = planned
  const [result] = await runAsRequest(deps, req.auth, [statement], { readOnly: true })
  return readOutcome(firstRow(result), api.query, api.shape, api.head, api.prefs)
}

const WRITE_METHODS = ["POST", "PATCH", "DELETE"]

type PlannedRead = { statement: Statement; api: ApiRequest }

/**
 * Reads planned so far, per catalog and by everything the plan depends on: the table, method,
 * query string and the three headers. The role is not part of it — row-level security decides
 * what the statement sees when it runs — and a request that fails to plan is not kept. The page
 * reloads with the same query strings, and parsing, checking and compiling one (~30 µs) was a
 * sixth of a read's CPU in Node.
 */
const plannedReads = new WeakMap<Catalog, Map<string, PlannedRead>>()
const MAX_PLANNED = 1000

function plannedRead(deps: AppDeps, catalog: Catalog, name: string, req: RestRequest): PlannedRead {
  const { accept = "", prefer = "", profile = "" } = req.headers
  const key = JSON.stringify([name, req.method, accept, prefer, profile, req.search])
  let plans = plannedReads.get(catalog)
  if (!plans) plannedReads.set(catalog, (plans = new Map()))
  const known = plans.get(key)
  if (known) return known
  const relation = findRelation(catalog, name)
  const api = parseApiRequest(req, WRITE_METHODS)
  const { query, prefs, head, shape } = api
  const count = prefs.count !== null
  const bodyShape = head ? "none" : shape
  // A counted HEAD reads no rows, so its select and order never reach the SQL.
  checkRead(relation, query, !(count && bodyShape === "none"))
  const statement = readStatement({ kind: "relation", relation }, query, {
    count,
    shape: bodyShape,
    maxRows: MAX_ROWS,
  }).compile(deps.database.db)
  if (plans.size >= MAX_PLANNED) plans.delete(plans.keys().next().value!)
  const planned = { statement, api }
  plans.set(key, planned)
  return planned
}
