import type { UsageGroupBy } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"

/**
 * Usage figures from the rollups of 20260106000000_usage_rollups.sql, never from operations: every
 * query reads at most (days + 2 × 96) rows per key of one dimension.
 */

export type UsageContext = {
  /** The time zone as PostgreSQL knows it ('UTC' when none was given). */
  timeZone: string
  /** `now`'s calendar day in the time zone, YYYY-MM-DD. */
  today: string
  /** The local day of the company's first operation; null when it has none. */
  firstDay: string | null
}

export type UsageRange = { from: string; to: string; timeZone: string }
export type UsageGroupRow = {
  key: string
  operations: number
  credits: number
  /** The API key's name, for group_by=api_key. */
  name: string | null
}

/** Checks the time zone (SQLSTATE 22023 when PostgreSQL does not know it) and reads the defaults. */
export async function usageContext(
  db: Db,
  companyId: string,
  timeZone: string | undefined,
  now: Date,
): Promise<UsageContext> {
  const { rows } = await sql<UsageContext>`
    select z.tz as "timeZone",
      to_char((${now}::timestamptz at time zone z.tz)::date, 'YYYY-MM-DD') as today,
      (select to_char((min(s.bucket_start) at time zone z.tz)::date, 'YYYY-MM-DD')
        from public.usage_bucket_stats s
        where s.user_id = ${companyId} and s.dimension = 'total') as "firstDay"
    from (select nativ.checked_time_zone(${timeZone ?? "UTC"}) as tz) z
  `.execute(db)
  return rows[0]!
}

/**
 * The range [a, b) in UTC, the UTC days wholly inside it [first_day, end_day), and the partial
 * days at either end, read from the 15-minute buckets.
 */
const bounds = (range: UsageRange) => sql`
  select b.a, b.b, b.first_day, b.end_day,
    b.first_day::timestamp at time zone 'UTC' as first_day_start,
    b.end_day::timestamp at time zone 'UTC' as end_day_start
  from (
    select r.a, r.b,
      ((r.a at time zone 'UTC') + interval '1 day' - interval '1 microsecond')::date as first_day,
      (r.b at time zone 'UTC')::date as end_day
    from (
      select ${range.from}::date::timestamp at time zone ${range.timeZone} as a,
        (${range.to}::date + 1)::timestamp at time zone ${range.timeZone} as b
    ) r
  ) b
`

/** Operations and credits per key of one dimension, credits first, then operations, then key. */
export async function usageByDimension(
  db: Db,
  companyId: string,
  dimension: Exclude<UsageGroupBy, "day">,
  range: UsageRange,
): Promise<UsageGroupRow[]> {
  const { rows } = await sql<UsageGroupRow>`
    with u as (${bounds(range)}),
    parts as (
      select d.key, d.operations, d.credits
      from u, public.usage_day_stats d
      where d.user_id = ${companyId} and d.dimension = ${dimension}
        and d.day >= u.first_day and d.day < u.end_day
      union all
      select s.key, s.operations, s.credits
      from u, public.usage_bucket_stats s
      where s.user_id = ${companyId} and s.dimension = ${dimension}
        and s.bucket_start >= u.a and s.bucket_start < least(u.b, u.first_day_start)
      union all
      select s.key, s.operations, s.credits
      from u, public.usage_bucket_stats s
      where s.user_id = ${companyId} and s.dimension = ${dimension}
        and s.bucket_start >= greatest(u.a, u.first_day_start, u.end_day_start)
        and s.bucket_start < u.b
    ),
    g as (
      select p.key, sum(p.operations)::bigint as operations, sum(p.credits)::bigint as credits
      from parts p group by p.key
    )
    select g.key, g.operations, g.credits, k.name
    from g left join public.api_keys k
      on ${dimension} = 'api_key' and k.user_id = ${companyId} and k.id::text = g.key
    where g.operations > 0
    order by g.credits desc, g.operations desc, g.key collate "C"
  `.execute(db)
  return rows
}

/** Operations and credits per calendar day in the range's time zone, oldest first. */
export async function usageByDay(
  db: Db,
  companyId: string,
  range: UsageRange,
): Promise<UsageGroupRow[]> {
  const { rows } = await sql<UsageGroupRow>`
    with u as (${bounds(range)})
    select to_char(d.day, 'YYYY-MM-DD') as key, d.operations, d.credits, null as name
    from (
      select (s.bucket_start at time zone ${range.timeZone})::date as day,
        sum(s.operations)::bigint as operations, sum(s.credits)::bigint as credits
      from u, public.usage_bucket_stats s
      where s.user_id = ${companyId} and s.dimension = 'total'
        and s.bucket_start >= u.a and s.bucket_start < u.b
      group by 1
    ) d
    where d.operations > 0
    order by d.day
  `.execute(db)
  return rows
}

/** The balance, and the credits charged since the first day of `now`'s month in UTC. */
export async function usageBalance(
  db: Db,
  companyId: string,
  now: Date,
): Promise<{ credits: number; spent_this_month: number } | null> {
  const { rows } = await sql<{ credits: number; spent_this_month: number }>`
    select u.credits,
      (select coalesce(sum(d.credits), 0)::bigint from public.usage_day_stats d
        where d.user_id = u.id and d.dimension = 'total'
          and d.day >= date_trunc('month', ${now}::timestamptz at time zone 'UTC')::date) as spent_this_month
    from public.users u where u.id = ${companyId}
  `.execute(db)
  return rows[0] ?? null
}
