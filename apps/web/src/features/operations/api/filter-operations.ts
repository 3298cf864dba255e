import { dayAfterStart, dayStart } from "../lib/filters"
import type { OperationsScope } from "./operation-keys"

/** The part of a supabase-js select that the filters use. */
type Filterable<Q> = {
  eq(column: string, value: string): Q
  gte(column: string, value: string): Q
  lt(column: string, value: string): Q
}

/**
 * The scope as REST filters, the same for the count and the page: the company, then each filter
 * set; days are the browser's, `to` inclusive. With no filter, exactly the spec's query.
 */
export function filterOperations<Q extends Filterable<Q>>(query: Q, scope: OperationsScope): Q {
  let q = query.eq("user_id", scope.companyId)
  if (scope.memberEmail) q = q.eq("member_email", scope.memberEmail)
  if (scope.from) q = q.gte("created_at", dayStart(scope.from))
  if (scope.to) q = q.lt("created_at", dayAfterStart(scope.to))
  if (scope.language) q = q.eq("language", scope.language)
  if (scope.tool) q = q.eq("tool", scope.tool)
  if (scope.apiKeyId) q = q.eq("api_key_id", scope.apiKeyId)
  return q
}
