import type { Operation, OperationsCsvRow } from "@nativ/contracts"
import { type RawBuilder, sql } from "kysely"

import type { Db } from "../../db/schema"

/** Which of a company's operations: created in [start, end) and matching every filter given. */
export type OperationsFilter = {
  companyId: string
  start: Date | null
  end: Date | null
  language?: string | undefined
  tool?: string | undefined
  apiKeyId?: string | undefined
  memberEmail?: string | undefined
}

/** Where a keyset batch resumes: just past this row, newest first. */
export type OperationsCursor = { createdAt: string; id: string }

type Row = Omit<Operation, "created_at"> & { created_at_us: string }

/** The UTC instants that start `from` and end `to` (inclusive days) in `timeZone`. */
export async function dayBounds(
  db: Db,
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): Promise<{ start: Date | null; end: Date | null }> {
  const { rows } = await sql<{ start: Date | null; end: Date | null }>`
    select (${from ?? null}::date)::timestamp at time zone ${timeZone} as start,
      (${to ?? null}::date + 1)::timestamp at time zone ${timeZone} as end
  `.execute(db)
  return rows[0]!
}

function where(filter: OperationsFilter): RawBuilder<unknown> {
  const parts = [sql`o.user_id = ${filter.companyId}`]
  if (filter.start) parts.push(sql`o.created_at >= ${filter.start}`)
  if (filter.end) parts.push(sql`o.created_at < ${filter.end}`)
  if (filter.language) parts.push(sql`o.language = ${filter.language}`)
  if (filter.tool) parts.push(sql`o.tool = ${filter.tool}`)
  if (filter.apiKeyId) parts.push(sql`o.api_key_id = ${filter.apiKeyId}`)
  if (filter.memberEmail) parts.push(sql`o.member_email = ${filter.memberEmail.toLowerCase()}`)
  return sql.join(parts, sql` and `)
}

// Microsecond text rather than a Date: a keyset cursor must not lose the sub-millisecond part.
const COLUMNS = sql`o.id::text as id,
  to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at_us,
  o.action, o.language, o.tool, o.cost::float8 as credits, o.api_key_id::text as api_key_id,
  k.name as api_key_name, o.member_email, o.app_name`

/** ISO 8601 in UTC with milliseconds, as every other date of the API. */
const toOperation = ({ created_at_us, ...row }: Row): Operation => ({
  ...row,
  created_at: `${created_at_us.slice(0, 23)}Z`,
})

export async function countOperations(db: Db, filter: OperationsFilter): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::float8 as n from public.operations o where ${where(filter)}
  `.execute(db)
  return rows[0]!.n
}

/** One page (1-based) of the filtered operations, newest first. */
export async function listOperations(
  db: Db,
  filter: OperationsFilter,
  page: number,
  perPage: number,
): Promise<Operation[]> {
  const { rows } = await sql<Row>`
    select ${COLUMNS}
    from public.operations o left join public.api_keys k on k.id = o.api_key_id
    where ${where(filter)}
    order by o.created_at desc, o.id desc
    limit ${perPage} offset ${(page - 1) * perPage}
  `.execute(db)
  return rows.map(toOperation)
}

type CsvRow = OperationsCsvRow & { cursor_at: string }

/**
 * The next `size` filtered operations after `cursor`, newest first, shaped as the CSV's columns,
 * and the cursor after them (null when none are left). Keyset rather than offset: every batch
 * costs the same however deep the export is, and each is its own short query, so an export never
 * holds the database.
 */
export async function readOperationsBatch(
  db: Db,
  filter: OperationsFilter,
  cursor: OperationsCursor | null,
  size: number,
): Promise<{ rows: OperationsCsvRow[]; next: OperationsCursor | null }> {
  // The plain created_at bound is what lets the (user_id, created_at) index start at the cursor;
  // the row comparison alone is not used as an index condition.
  const after = cursor
    ? sql`and o.created_at <= ${cursor.createdAt}::timestamptz
        and (o.created_at, o.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::bigint)`
    : sql``
  const { rows } = await sql<CsvRow>`
    select o.id::text as id,
      to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      o.action, o.language, o.tool, o.cost::float8 as credits, k.name as api_key,
      o.member_email as member,
      to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
    from public.operations o left join public.api_keys k on k.id = o.api_key_id
    where ${where(filter)} ${after}
    order by o.created_at desc, o.id desc
    limit ${size}
  `.execute(db)
  const last = rows.at(-1)
  return {
    rows,
    next: last && rows.length === size ? { createdAt: last.cursor_at, id: String(last.id) } : null,
  }
}
