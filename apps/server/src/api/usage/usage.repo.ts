import type { UsageGroupBy } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"

/**
 * Usage figures from the rollups of 20260106000000_usage_rollups.sql, never from operations: a
 * range reads one row per UTC day and key, plus 15-minute buckets at the range's ends (or, per
 * day, at each local midnight), so its cost follows the days asked for, not the operations made.
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

/**
 * Operations and credits per calendar day in the range's time zone, oldest first. Each local day
 * [t, u) is the whole UTC days between the UTC midnights nearest t and u, corrected at each end by
 * the 15-minute buckets between that midnight and t or u (at most 48, none in UTC): about
 * (1 + 4 × |offset in hours|) rows a day instead of 96, and no time zone arithmetic per row.
 */
export async function usageByDay(
  db: Db,
  companyId: string,
  range: UsageRange,
): Promise<UsageGroupRow[]> {
  const { rows } = await sql<UsageGroupRow>`
    with edges as (
      select e.i, e.t,
        case when e.t - e.floor <= interval '12 hours' then e.floor else e.floor + interval '1 day' end as anchor
      from (
        select x.i, x.t, date_trunc('day', x.t at time zone 'UTC') at time zone 'UTC' as floor
        from (
          select g.i, (${range.from}::date + g.i)::timestamp at time zone ${range.timeZone} as t
          from generate_series(0, ${range.to}::date - ${range.from}::date + 1) g (i)
        ) x
      ) e
    ),
    corrections as (
      select e.i, (e.anchor at time zone 'UTC')::date as anchor_day,
        case when e.anchor <= e.t then 1 else -1 end * coalesce(b.operations, 0) as operations,
        case when e.anchor <= e.t then 1 else -1 end * coalesce(b.credits, 0) as credits
      from edges e
      cross join lateral (
        select sum(s.operations) as operations, sum(s.credits) as credits
        from public.usage_bucket_stats s
        where s.user_id = ${companyId} and s.dimension = 'total'
          and s.bucket_start >= least(e.t, e.anchor) and s.bucket_start < greatest(e.t, e.anchor)
      ) b
    ),
    per_day as (
      select x.i, x.operations + coalesce(d.operations, 0) as operations,
        x.credits + coalesce(d.credits, 0) as credits
      from (
        select c.i, c.anchor_day as first_day, lead(c.anchor_day) over w as end_day,
          lead(c.operations) over w - c.operations as operations,
          lead(c.credits) over w - c.credits as credits
        from corrections c
        window w as (order by c.i)
      ) x
      cross join lateral (
        select sum(d.operations) as operations, sum(d.credits) as credits
        from public.usage_day_stats d
        where d.user_id = ${companyId} and d.dimension = 'total'
          and d.day >= x.first_day and d.day < x.end_day
      ) d
      where x.end_day is not null
    )
    select to_char(${range.from}::date + p.i, 'YYYY-MM-DD') as key, p.operations::bigint as operations,
      p.credits::bigint as credits, null as name
    from per_day p
    where p.operations > 0
    order by p.i
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
