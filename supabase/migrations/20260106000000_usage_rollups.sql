-- Usage rollups: operations and credits (the sum of operations.cost) per company, per dimension —
-- total, language, tool, API key, member — in two grains: 15-minute buckets and UTC days. They are
-- maintained exactly by a statement-level trigger on operations, like operation_stats, so the usage
-- endpoint (GET /api/v1/usage) answers any range without reading an account's operations.
--
-- A range of calendar days in a time zone is [A, B) in UTC. Every current UTC offset is a multiple
-- of 15 minutes, so A and B fall on bucket boundaries: the whole UTC days inside [A, B) come from
-- usage_day_stats and the partial days at either end from usage_bucket_stats. Per company and
-- dimension a range therefore reads at most (days + 2 × 96) rows per key.
--
-- key is '' for operations without a value (no language, no API key, no member recorded); for the
-- dimension 'total' it is always ''. API keys are keyed by id, members by the email kept on the
-- operation.

create table public.usage_bucket_stats (
  user_id uuid not null references public.users (id) on delete cascade,
  dimension text not null check (dimension in ('total', 'language', 'tool', 'api_key', 'member')),
  bucket_start timestamptz not null,
  key text not null,
  operations bigint not null check (operations >= 0),
  credits bigint not null check (credits >= 0),
  primary key (user_id, dimension, bucket_start, key)
);

create table public.usage_day_stats (
  user_id uuid not null references public.users (id) on delete cascade,
  dimension text not null check (dimension in ('total', 'language', 'tool', 'api_key', 'member')),
  day date not null,
  key text not null,
  operations bigint not null check (operations >= 0),
  credits bigint not null check (credits >= 0),
  primary key (user_id, dimension, day, key)
);

revoke all on public.usage_bucket_stats, public.usage_day_stats from public, anon, authenticated;
grant select on public.usage_bucket_stats, public.usage_day_stats to authenticated;
grant all on public.usage_bucket_stats, public.usage_day_stats to service_role;

alter table public.usage_bucket_stats enable row level security;
alter table public.usage_day_stats enable row level security;

create policy usage_bucket_stats_select_company on public.usage_bucket_stats
  for select to authenticated using (user_id = (select nativ.current_company_id()));
create policy usage_day_stats_select_company on public.usage_day_stats
  for select to authenticated using (user_id = (select nativ.current_company_id()));

-- Maintenance ------------------------------------------------------------------------------------

-- What a statement added or removed, already in the rollups' shape: per company, dimension,
-- 15-minute bucket and key. Transition tables are visible only inside the trigger function, so it
-- hands its aggregate over as an array.
create type nativ.usage_delta as (
  user_id uuid,
  dimension text,
  bucket_start timestamptz,
  key text,
  operations bigint,
  credits bigint
);

-- Rows are written in key order: concurrent statements lock rollup rows in the same order, so they
-- cannot deadlock.
create function nativ.usage_rollup_apply(deltas nativ.usage_delta[], sign integer) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if sign > 0 then
    insert into public.usage_bucket_stats as s (user_id, dimension, bucket_start, key, operations, credits)
    select d.user_id, d.dimension, d.bucket_start, d.key, d.operations, d.credits
    from unnest(deltas) d
    order by 1, 2, 3, 4
    on conflict (user_id, dimension, bucket_start, key) do update
      set operations = s.operations + excluded.operations, credits = s.credits + excluded.credits;
    insert into public.usage_day_stats as s (user_id, dimension, day, key, operations, credits)
    select d.user_id, d.dimension, (d.bucket_start at time zone 'UTC')::date, d.key,
      sum(d.operations)::bigint, sum(d.credits)::bigint
    from unnest(deltas) d
    group by 1, 2, 3, 4
    order by 1, 2, 3, 4
    on conflict (user_id, dimension, day, key) do update
      set operations = s.operations + excluded.operations, credits = s.credits + excluded.credits;
    return;
  end if;

  -- Update only: when the account itself is being deleted its rollup rows may already be gone.
  update public.usage_bucket_stats s
  set operations = s.operations - d.operations, credits = s.credits - d.credits
  from unnest(deltas) d
  where s.user_id = d.user_id and s.dimension = d.dimension and s.bucket_start = d.bucket_start
    and s.key = d.key;
  update public.usage_day_stats s
  set operations = s.operations - d.operations, credits = s.credits - d.credits
  from (
    select d.user_id, d.dimension, (d.bucket_start at time zone 'UTC')::date as day, d.key,
      sum(d.operations) as operations, sum(d.credits) as credits
    from unnest(deltas) d group by 1, 2, 3, 4
  ) d
  where s.user_id = d.user_id and s.dimension = d.dimension and s.day = d.day and s.key = d.key;

  delete from public.usage_bucket_stats s
  using unnest(deltas) d
  where s.user_id = d.user_id and s.dimension = d.dimension and s.bucket_start = d.bucket_start
    and s.key = d.key and s.operations = 0;
  delete from public.usage_day_stats s
  using unnest(deltas) d
  where s.user_id = d.user_id and s.dimension = d.dimension
    and s.day = (d.bucket_start at time zone 'UTC')::date and s.key = d.key and s.operations = 0;
end;
$$;

-- One function for insert, update and delete: old rows out, then new rows in. Each side is one
-- pass over the transition table with grouping sets (one per dimension). PL/pgSQL plans each
-- statement when it first runs and compiles a trigger function per trigger, so the branch naming
-- a transition table the event does not have is never planned.
create function nativ.operations_usage_rollup() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform nativ.usage_rollup_apply(array(
      select row(g.user_id,
          case when grouping(g.language) = 0 then 'language' when grouping(g.tool) = 0 then 'tool'
            when grouping(g.api_key) = 0 then 'api_key' when grouping(g.member) = 0 then 'member'
            else 'total' end,
          g.bucket_start, coalesce(g.language, g.tool, g.api_key, g.member, ''),
          count(*), sum(g.cost))::nativ.usage_delta
      from (
        select r.user_id, date_bin('15 minutes', r.created_at, timestamptz '2000-01-01 00:00:00+00') as bucket_start,
          coalesce(r.language, '') as language, r.tool, coalesce(r.api_key_id::text, '') as api_key,
          coalesce(r.member_email, '') as member, r.cost
        from old_rows r
      ) g
      group by g.user_id, g.bucket_start, grouping sets ((), (g.language), (g.tool), (g.api_key), (g.member))
    ), -1);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    perform nativ.usage_rollup_apply(array(
      select row(g.user_id,
          case when grouping(g.language) = 0 then 'language' when grouping(g.tool) = 0 then 'tool'
            when grouping(g.api_key) = 0 then 'api_key' when grouping(g.member) = 0 then 'member'
            else 'total' end,
          g.bucket_start, coalesce(g.language, g.tool, g.api_key, g.member, ''),
          count(*), sum(g.cost))::nativ.usage_delta
      from (
        select n.user_id, date_bin('15 minutes', n.created_at, timestamptz '2000-01-01 00:00:00+00') as bucket_start,
          coalesce(n.language, '') as language, n.tool, coalesce(n.api_key_id::text, '') as api_key,
          coalesce(n.member_email, '') as member, n.cost
        from new_rows n
      ) g
      group by g.user_id, g.bucket_start, grouping sets ((), (g.language), (g.tool), (g.api_key), (g.member))
    ), 1);
  end if;
  return null;
end;
$$;

create function nativ.operations_usage_truncate() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  truncate public.usage_bucket_stats, public.usage_day_stats;
  return null;
end;
$$;

revoke all on function nativ.usage_rollup_apply(nativ.usage_delta[], integer),
  nativ.operations_usage_rollup(),
  nativ.operations_usage_truncate()
  from public, anon, authenticated;

create trigger operations_usage_insert after insert on public.operations
  referencing new table as new_rows for each statement execute function nativ.operations_usage_rollup();
create trigger operations_usage_delete after delete on public.operations
  referencing old table as old_rows for each statement execute function nativ.operations_usage_rollup();
create trigger operations_usage_update after update on public.operations
  referencing old table as old_rows new table as new_rows
  for each statement execute function nativ.operations_usage_rollup();
create trigger operations_usage_truncate after truncate on public.operations
  for each statement execute function nativ.operations_usage_truncate();

-- Back-fill: the operations recorded before this migration.
select nativ.usage_rollup_apply(array(
  select row(g.user_id,
      case when grouping(g.language) = 0 then 'language' when grouping(g.tool) = 0 then 'tool'
        when grouping(g.api_key) = 0 then 'api_key' when grouping(g.member) = 0 then 'member'
        else 'total' end,
      g.bucket_start, coalesce(g.language, g.tool, g.api_key, g.member, ''),
      count(*), sum(g.cost))::nativ.usage_delta
  from (
    select o.user_id, date_bin('15 minutes', o.created_at, timestamptz '2000-01-01 00:00:00+00') as bucket_start,
      coalesce(o.language, '') as language, o.tool, coalesce(o.api_key_id::text, '') as api_key,
      coalesce(o.member_email, '') as member, o.cost
    from public.operations o
  ) g
  group by g.user_id, g.bucket_start, grouping sets ((), (g.language), (g.tool), (g.api_key), (g.member))
), 1);
