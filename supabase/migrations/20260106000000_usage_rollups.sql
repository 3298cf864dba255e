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

-- Operations aggregated per company, 15-minute bucket and every dimension's value at once: what a
-- statement added or removed. Transition tables are visible only inside the trigger function, so
-- it hands its aggregate over as an array.
create type nativ.usage_delta as (
  user_id uuid,
  bucket_start timestamptz,
  language text,
  tool text,
  api_key text,
  member text,
  operations bigint,
  credits bigint
);

-- The deltas spread over the five dimensions, per 15-minute bucket or per UTC day, in key order
-- (every writer locks rollup rows in the same order, so concurrent statements cannot deadlock).
create function nativ.usage_rows(deltas nativ.usage_delta[], by_day boolean)
returns table (user_id uuid, dimension text, bucket_start timestamptz, key text, operations bigint, credits bigint)
language sql immutable set search_path = '' as $$
  select d.user_id, v.dimension,
    case when by_day then date_bin('1 day', d.bucket_start, timestamptz '2000-01-01 00:00:00+00')
      else d.bucket_start end,
    v.key, sum(d.operations)::bigint, sum(d.credits)::bigint
  from unnest(deltas) d
  cross join lateral (
    values ('total', ''), ('language', d.language), ('tool', d.tool), ('api_key', d.api_key),
      ('member', d.member)
  ) v (dimension, key)
  group by 1, 2, 3, 4
  order by 1, 2, 3, 4
$$;

create function nativ.usage_rollup_apply(deltas nativ.usage_delta[], sign integer) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if sign > 0 then
    insert into public.usage_bucket_stats as s (user_id, dimension, bucket_start, key, operations, credits)
    select r.user_id, r.dimension, r.bucket_start, r.key, r.operations, r.credits
    from nativ.usage_rows(deltas, false) r
    on conflict (user_id, dimension, bucket_start, key) do update
      set operations = s.operations + excluded.operations, credits = s.credits + excluded.credits;
    insert into public.usage_day_stats as s (user_id, dimension, day, key, operations, credits)
    select r.user_id, r.dimension, (r.bucket_start at time zone 'UTC')::date, r.key, r.operations, r.credits
    from nativ.usage_rows(deltas, true) r
    on conflict (user_id, dimension, day, key) do update
      set operations = s.operations + excluded.operations, credits = s.credits + excluded.credits;
    return;
  end if;

  -- Update only: when the account itself is being deleted its rollup rows may already be gone.
  update public.usage_bucket_stats s
  set operations = s.operations - r.operations, credits = s.credits - r.credits
  from nativ.usage_rows(deltas, false) r
  where s.user_id = r.user_id and s.dimension = r.dimension and s.bucket_start = r.bucket_start
    and s.key = r.key;
  update public.usage_day_stats s
  set operations = s.operations - r.operations, credits = s.credits - r.credits
  from nativ.usage_rows(deltas, true) r
  where s.user_id = r.user_id and s.dimension = r.dimension
    and s.day = (r.bucket_start at time zone 'UTC')::date and s.key = r.key;

  delete from public.usage_bucket_stats s
  using nativ.usage_rows(deltas, false) r
  where s.user_id = r.user_id and s.dimension = r.dimension and s.bucket_start = r.bucket_start
    and s.key = r.key and s.operations = 0;
  delete from public.usage_day_stats s
  using nativ.usage_rows(deltas, true) r
  where s.user_id = r.user_id and s.dimension = r.dimension
    and s.day = (r.bucket_start at time zone 'UTC')::date and s.key = r.key and s.operations = 0;
end;
$$;

-- One function for insert, update and delete: old rows out, then new rows in. PL/pgSQL plans each
-- statement when it first runs and compiles a trigger function per trigger, so the branch naming a
-- transition table the event does not have is never planned.
create function nativ.operations_usage_rollup() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform nativ.usage_rollup_apply(array(
      select row(g.*)::nativ.usage_delta from (
        select r.user_id, date_bin('15 minutes', r.created_at, timestamptz '2000-01-01 00:00:00+00'),
          coalesce(r.language, ''), r.tool, coalesce(r.api_key_id::text, ''),
          coalesce(r.member_email, ''), count(*), sum(r.cost)::bigint
        from old_rows r group by 1, 2, 3, 4, 5, 6
      ) g
    ), -1);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    perform nativ.usage_rollup_apply(array(
      select row(g.*)::nativ.usage_delta from (
        select n.user_id, date_bin('15 minutes', n.created_at, timestamptz '2000-01-01 00:00:00+00'),
          coalesce(n.language, ''), n.tool, coalesce(n.api_key_id::text, ''),
          coalesce(n.member_email, ''), count(*), sum(n.cost)::bigint
        from new_rows n group by 1, 2, 3, 4, 5, 6
      ) g
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

revoke all on function nativ.usage_rows(nativ.usage_delta[], boolean),
  nativ.usage_rollup_apply(nativ.usage_delta[], integer), nativ.operations_usage_rollup(),
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
  select row(g.*)::nativ.usage_delta from (
    select o.user_id, date_bin('15 minutes', o.created_at, timestamptz '2000-01-01 00:00:00+00'),
      coalesce(o.language, ''), o.tool, coalesce(o.api_key_id::text, ''),
      coalesce(o.member_email, ''), count(*), sum(o.cost)::bigint
    from public.operations o group by 1, 2, 3, 4, 5, 6
  ) g
), 1);
