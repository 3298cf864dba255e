import type { UsageGroupBy } from "@nativ/contracts"
import { sql } from "kysely"

import type { AppDeps } from "../../deps"

/** Test helpers for /api/v1/usage: operations with every dimension set, and a plain SQL answer. */

export type UsageOperation = {
  at: Date | string
  cost: number
  language?: string | null
  tool?: string
  apiKeyId?: string | null
  member?: string | null
}

/** Inserts operations as the server records them; returns their ids in input order. */
export async function insertUsageOperations(
  deps: AppDeps,
  companyId: string,
  operations: UsageOperation[],
): Promise<number[]> {
  if (operations.length === 0) return []
  const rows = operations.map((op) => ({
    user_id: companyId,
    action: "culturalize_text",
    language: op.language === undefined ? "French" : op.language,
    tool: op.tool ?? "api",
    cost: op.cost,
    api_key_id: op.apiKeyId ?? null,
    member_email: op.member === undefined ? null : op.member,
    created_at: op.at instanceof Date ? op.at.toISOString() : op.at,
  }))
  const { rows: inserted } = await sql<{ id: number }>`
    insert into public.operations (user_id, action, language, tool, cost, api_key_id, member_email, created_at)
    select user_id, action, language, tool, cost, api_key_id, member_email, created_at
    from json_populate_recordset(null::public.operations, ${JSON.stringify(rows)}::json)
    returning id
  `.execute(deps.database.db)
  return inserted.map((r) => Number(r.id))
}

const GROUP_EXPRESSION: Record<UsageGroupBy, string> = {
  day: "to_char((o.created_at at time zone $tz)::date, 'YYYY-MM-DD')",
  language: "coalesce(o.language, '')",
  tool: "o.tool",
  api_key: "coalesce(o.api_key_id::text, '')",
  member: "coalesce(o.member_email, '')",
}

/**
 * The same figures counted the plain way, over public.operations: keys with their operations and
 * credits, sorted by key (the endpoint's own order is checked separately).
 */
export async function countedUsage(
  deps: AppDeps,
  companyId: string,
  range: { from: string; to: string; timeZone: string },
  groupBy: UsageGroupBy,
): Promise<{ key: string; operations: number; credits: number }[]> {
  const group = sql.raw(GROUP_EXPRESSION[groupBy].replace("$tz", "z.tz"))
  const { rows } = await sql<{ key: string; operations: number; credits: number }>`
    select ${group} as key, count(*)::bigint as operations, sum(o.cost)::bigint as credits
    from public.operations o, (select ${range.timeZone}::text as tz) z
    where o.user_id = ${companyId}
      and o.created_at >= ${range.from}::date::timestamp at time zone z.tz
      and o.created_at < (${range.to}::date + 1)::timestamp at time zone z.tz
    group by 1
    order by ${group} collate "C"
  `.execute(deps.database.db)
  return rows
}
