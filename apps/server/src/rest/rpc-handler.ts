import type { AppDeps } from "../deps"
import { parseApiRequest, parseRpcArgs, type RestRequest } from "./api-request"
import { type BodyShape, readStatement, scalarCallStatement, voidCallStatement } from "./build-sql"
import type { Catalog } from "./catalog"
import { MAX_ROWS, pickOverload } from "./plan"
import { type Outcome, readOutcome, scalarOutcome } from "./render-response"
import { firstRow, runAsRequest } from "./request-script"

/**
 * POST/GET/HEAD /rest/v1/rpc/<fn> with named arguments (JSON body, or query parameters on GET).
 * A GET call runs read-only, as PostgREST runs it.
 */
export async function handleRpc(
  deps: AppDeps,
  catalog: Catalog,
  name: string,
  req: RestRequest,
): Promise<Outcome> {
  const overloads = catalog.functions.get(name) ?? []
  const argNames = new Set(overloads.flatMap((fn) => fn.args.map((a) => a.name)))
  const api = parseApiRequest(req, ["POST"], argNames)
  const args = await parseRpcArgs(req, api)
  const fn = pickOverload(name, overloads, args)
  const { query, prefs, head, read } = api

  if (fn.returns === "void" || (!fn.returnsSet && fn.returns === "scalar")) {
    const statement =
      fn.returns === "void" ? voidCallStatement(fn, args) : scalarCallStatement(fn, args)
    const [result] = await runAsRequest(deps, req.auth, [statement], { readOnly: read })
    if (fn.returns === "void") return { status: 204, body: null, headers: {} }
    return scalarOutcome(firstRow(result), head)
  }
  const resultShape: BodyShape = head ? "none" : fn.returnsSet ? api.shape : "object"
  const statement = readStatement({ kind: "function", fn, args }, query, {
    count: prefs.count !== null,
    shape: resultShape,
    maxRows: fn.returnsSet ? MAX_ROWS : 1,
  })
  const row = firstRow((await runAsRequest(deps, req.auth, [statement], { readOnly: read }))[0])
  const outcome = readOutcome(row, query, fn.returnsSet ? api.shape : "array", head, prefs)
  if (!fn.returnsSet && !head) outcome.body = row.body ?? "null"
  return outcome
}
