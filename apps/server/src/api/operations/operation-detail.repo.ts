import type { OperationDetail } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"

type Row = Omit<OperationDetail, "created_at" | "texts_expire_at"> & {
  created_at_ms: string
  texts_expire_at: string | null
}

/**
 * One of the company's operations with its detail, or null (none such, or another company's).
 * Texts past `now` (the server's clock) are never returned, and are deleted here: a read is the
 * moment they are found stale; nativ.charge_culturalize sweeps the ones nobody reads.
 */
export async function readOperationDetail(
  db: Db,
  companyId: string,
  id: string,
  now: Date,
): Promise<OperationDetail | null> {
  const { rows } = await sql<Row>`
    select o.id::text as id,
      to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at_ms,
      o.action, o.language, o.tool, o.cost::float8 as credits, o.api_key_id::text as api_key_id,
      k.name as api_key_name, o.member_email, o.app_name, o.file_id, o.characters, o.from_memory,
      o.engine, o.model, o.duration_ms,
      case when t.expires_at > ${now} then t.texts end as texts,
      case when t.expires_at > ${now} then
        to_char(t.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end
        as texts_expire_at
    from public.operations o
    left join public.api_keys k on k.id = o.api_key_id
    left join nativ.operation_texts t on t.operation_id = o.id
    where o.id = ${id}::bigint and o.user_id = ${companyId}
  `.execute(db)
  const row = rows[0]
  if (!row) return null
  if (row.texts === null)
    await sql`delete from nativ.operation_texts
      where operation_id = ${id}::bigint and expires_at <= ${now}`.execute(db)
  const { created_at_ms, ...rest } = row
  return { ...rest, created_at: created_at_ms }
}
