-- Data: operations, languages, feedback, API keys, payments and the credit ledger, with grants,
-- row-level security, the balance function and the analytics functions the dashboard calls.
--
-- Callable over /rest/v1/rpc/<name> (POST, JSON body of named arguments), as the signed-in user,
-- under row-level security; they see only the caller's rows (auth.uid()):
--
--   operation_language_counts(top_n integer default 5)
--       → [{language text, count bigint}]  the donut: the caller's operations that have a language,
--         the top_n languages by count (ties by name), then {language: 'Other', count} when the
--         remaining languages add up to more than 0. top_n is 1..50.
--   operation_daily_counts(time_zone text default 'UTC')
--       → [{date 'YYYY-MM-DD', count bigint}]  the bar chart: operations that have a language per
--         calendar day in time_zone (an IANA name such as 'Europe/Paris'), oldest first; days
--         without operations are absent.
--   operations_today(time_zone text default 'UTC')
--       → {date 'YYYY-MM-DD', operations bigint, files bigint}  the "Operations Today" card: all of
--         today's operations (in time_zone) and how many distinct file_ids they touched.
--
-- An unknown time zone is refused with SQLSTATE 22023 (HTTP 400) naming it.
--
-- Server-side only (not granted to anon or authenticated):
--
--   nativ.apply_credit_delta(p_user_id uuid, p_delta bigint, p_reason text, p_reference text)
--       → table (applied boolean, delta bigint, balance bigint)
--       Appends a credit_ledger row and moves users.credits by p_delta in the caller's transaction.
--       Idempotent per (p_reason, p_reference): a repeat returns applied = false with the delta
--       recorded the first time and the current balance. Raises SQLSTATE 'PT402' ("insufficient
--       credits") when the balance would go below zero, 'P0002' when the user does not exist.
--       Reasons in use: 'purchase' (reference = payments.id), 'culturalize' (reference = request
--       id), 'seed', 'adjustment'.
--
-- Rollups: operation_stats (per user and 15-minute bucket) and operation_language_stats (per user
-- and language) are maintained exactly by statement-level triggers on operations, so analytics
-- never scan an account's operations. Buckets are 15 minutes because every current UTC offset is a
-- multiple of 15 minutes, so a day in any time zone is a whole number of buckets.

create schema if not exists nativ;
revoke all on schema nativ from public;
grant usage on schema nativ to authenticated, service_role;

-- Tables ----------------------------------------------------------------------------------------

create table public.api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100 and char_length(name) <= 100),
  key_hash text not null unique check (char_length(key_hash) between 16 and 200),
  key_preview text not null check (char_length(key_preview) between 1 and 40),
  expires_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz not null default now()
);
create index api_keys_user_created_idx on public.api_keys (user_id, created_at desc);

create table public.operations (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.users (id) on delete cascade,
  action text not null check (char_length(action) between 1 and 100),
  file_id text check (char_length(file_id) between 1 and 200),
  language text check (char_length(language) between 1 and 100),
  tool text not null check (char_length(tool) between 1 and 50),
  cost bigint not null default 0 check (cost >= 0),
  api_key_id uuid references public.api_keys (id) on delete set null,
  created_at timestamptz not null default now()
);
create index operations_user_created_idx on public.operations (user_id, created_at desc);
create index operations_api_key_idx on public.operations (api_key_id) where api_key_id is not null;

create table public.user_languages_mapping (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  language text not null check (char_length(language) between 1 and 100 and language = btrim(language)),
  language_code text not null check (
    char_length(language_code) between 1 and 5
    and language_code = upper(language_code)
    and language_code = btrim(language_code)
  ),
  created_at timestamptz not null default now(),
  unique (user_id, language_code)
);

create table public.user_feedback (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  source text not null check (char_length(source) <= 100000),
  result text not null check (char_length(result) <= 100000),
  language text not null check (char_length(language) between 1 and 100),
  approved boolean,
  feedback text check (char_length(feedback) <= 5000),
  created_at timestamptz not null default now(),
  -- the spec's rule: a rating or some written feedback
  check (approved is not null or char_length(btrim(coalesce(feedback, ''))) > 0)
);
create index user_feedback_user_created_idx on public.user_feedback (user_id, created_at desc);

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  provider text not null check (provider in ('local', 'stripe')),
  session_id text not null unique check (char_length(session_id) between 1 and 255),
  credits bigint not null check (credits > 0),
  amount_cents bigint not null check (amount_cents >= 100),
  currency text not null default 'usd' check (currency = 'usd'),
  status text not null default 'pending' check (status in ('pending', 'paid', 'canceled')),
  paid_at timestamptz,
  credited_at timestamptz,
  created_at timestamptz not null default now(),
  -- $1 = 1,000 credits
  check (credits = amount_cents * 10),
  check (credited_at is null or status = 'paid'),
  check ((status = 'paid') = (paid_at is not null))
);
create index payments_user_created_idx on public.payments (user_id, created_at desc);

create table public.credit_ledger (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.users (id) on delete cascade,
  delta bigint not null check (delta <> 0),
  balance_after bigint not null check (balance_after >= 0),
  reason text not null check (reason ~ '^[a-z_]{1,40}$'),
  reference text not null check (char_length(reference) between 1 and 200),
  created_at timestamptz not null default now(),
  unique (reason, reference)
);
create index credit_ledger_user_created_idx on public.credit_ledger (user_id, created_at desc);

create table public.operation_stats (
  user_id uuid not null references public.users (id) on delete cascade,
  bucket_start timestamptz not null,
  operations bigint not null check (operations >= 0),
  with_language bigint not null check (with_language between 0 and operations),
  primary key (user_id, bucket_start)
);

create table public.operation_language_stats (
  user_id uuid not null references public.users (id) on delete cascade,
  language text not null,
  operations bigint not null check (operations >= 0),
  primary key (user_id, language)
);

-- Grants: hosted Supabase grants everything in public to anon and authenticated by default, so
-- start from nothing and grant exactly what the dashboard needs.

revoke all on public.users, public.end_users, public.api_keys, public.operations,
  public.user_languages_mapping, public.user_feedback, public.payments, public.credit_ledger,
  public.operation_stats, public.operation_language_stats
  from public, anon, authenticated;

grant select on public.users, public.end_users, public.operations, public.user_languages_mapping,
  public.user_feedback, public.payments, public.credit_ledger, public.operation_stats,
  public.operation_language_stats
  to authenticated;
grant insert (user_id, language, language_code), delete on public.user_languages_mapping
  to authenticated;
grant insert (user_id, source, result, language, approved, feedback) on public.user_feedback
  to authenticated;

grant all on public.users, public.end_users, public.api_keys, public.operations,
  public.user_languages_mapping, public.user_feedback, public.payments, public.credit_ledger,
  public.operation_stats, public.operation_language_stats
  to service_role;
grant usage, select on all sequences in schema public to service_role;

-- Row-level security: each user reaches only their own rows. `(select auth.uid())` is evaluated
-- once per statement rather than per row.

alter table public.api_keys enable row level security;
alter table public.operations enable row level security;
alter table public.user_languages_mapping enable row level security;
alter table public.user_feedback enable row level security;
alter table public.payments enable row level security;
alter table public.credit_ledger enable row level security;
alter table public.operation_stats enable row level security;
alter table public.operation_language_stats enable row level security;

create policy users_select_own on public.users
  for select to authenticated using (id = (select auth.uid()));

create policy end_users_select_own on public.end_users
  for select to authenticated
  using (user_id = (select auth.uid()) or email = lower((select auth.jwt() ->> 'email')));

create policy operations_select_own on public.operations
  for select to authenticated using (user_id = (select auth.uid()));

create policy languages_select_own on public.user_languages_mapping
  for select to authenticated using (user_id = (select auth.uid()));
create policy languages_insert_own on public.user_languages_mapping
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy languages_delete_own on public.user_languages_mapping
  for delete to authenticated using (user_id = (select auth.uid()));

create policy feedback_select_own on public.user_feedback
  for select to authenticated using (user_id = (select auth.uid()));
create policy feedback_insert_own on public.user_feedback
  for insert to authenticated with check (user_id = (select auth.uid()));

create policy payments_select_own on public.payments
  for select to authenticated using (user_id = (select auth.uid()));

create policy credit_ledger_select_own on public.credit_ledger
  for select to authenticated using (user_id = (select auth.uid()));

create policy operation_stats_select_own on public.operation_stats
  for select to authenticated using (user_id = (select auth.uid()));

create policy operation_language_stats_select_own on public.operation_language_stats
  for select to authenticated using (user_id = (select auth.uid()));

-- Balance changes -------------------------------------------------------------------------------

create function nativ.apply_credit_delta(p_user_id uuid, p_delta bigint, p_reason text, p_reference text)
returns table (applied boolean, delta bigint, balance bigint)
language plpgsql security definer set search_path = '' as $$
declare
  current_balance bigint;
  recorded bigint;
begin
  -- The user row lock serialises every balance change of this account, so the duplicate check
  -- below cannot race with another change for the same account.
  select u.credits into current_balance from public.users u where u.id = p_user_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'user not found';
  end if;

  select l.delta into recorded from public.credit_ledger l
  where l.reason = p_reason and l.reference = p_reference;
  if found then
    return query select false, recorded, current_balance;
    return;
  end if;

  if p_delta = 0 then
    return query select false, 0::bigint, current_balance;
    return;
  end if;
  if current_balance + p_delta < 0 then
    raise exception using errcode = 'PT402', message = 'insufficient credits',
      detail = format('balance %s, change %s', current_balance, p_delta);
  end if;

  update public.users u set credits = u.credits + p_delta where u.id = p_user_id;
  insert into public.credit_ledger (user_id, delta, balance_after, reason, reference)
  values (p_user_id, p_delta, current_balance + p_delta, p_reason, p_reference);
  return query select true, p_delta, current_balance + p_delta;
end;
$$;

revoke all on function nativ.apply_credit_delta(uuid, bigint, text, text) from public, anon, authenticated;
grant execute on function nativ.apply_credit_delta(uuid, bigint, text, text) to service_role;

-- Rollups ---------------------------------------------------------------------------------------

create function nativ.operations_rollup_add() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.operation_stats as s (user_id, bucket_start, operations, with_language)
  select n.user_id, date_bin('15 minutes', n.created_at, timestamptz '2000-01-01 00:00:00+00'),
         count(*), count(n.language)
  from new_rows n group by 1, 2 order by 1, 2
  on conflict (user_id, bucket_start) do update
    set operations = s.operations + excluded.operations,
        with_language = s.with_language + excluded.with_language;

  insert into public.operation_language_stats as s (user_id, language, operations)
  select n.user_id, n.language, count(*)
  from new_rows n where n.language is not null group by 1, 2 order by 1, 2
  on conflict (user_id, language) do update set operations = s.operations + excluded.operations;
  return null;
end;
$$;

create function nativ.operations_rollup_remove() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Update only: when the account itself is being deleted its rollup rows may already be gone.
  update public.operation_stats s
  set operations = s.operations - o.operations, with_language = s.with_language - o.with_language
  from (
    select r.user_id, date_bin('15 minutes', r.created_at, timestamptz '2000-01-01 00:00:00+00') as bucket_start,
           count(*) as operations, count(r.language) as with_language
    from old_rows r group by 1, 2
  ) o
  where s.user_id = o.user_id and s.bucket_start = o.bucket_start;

  update public.operation_language_stats s
  set operations = s.operations - o.operations
  from (
    select r.user_id, r.language, count(*) as operations
    from old_rows r where r.language is not null group by 1, 2
  ) o
  where s.user_id = o.user_id and s.language = o.language;

  delete from public.operation_stats s
  where s.operations = 0 and s.user_id in (select distinct r.user_id from old_rows r);
  delete from public.operation_language_stats s
  where s.operations = 0 and s.user_id in (select distinct r.user_id from old_rows r);
  return null;
end;
$$;

create function nativ.operations_rollup_update() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Subtract the old rows, then add the new ones, in the same order as the other two triggers.
  update public.operation_stats s
  set operations = s.operations - o.operations, with_language = s.with_language - o.with_language
  from (
    select r.user_id, date_bin('15 minutes', r.created_at, timestamptz '2000-01-01 00:00:00+00') as bucket_start,
           count(*) as operations, count(r.language) as with_language
    from old_rows r group by 1, 2
  ) o
  where s.user_id = o.user_id and s.bucket_start = o.bucket_start;
  update public.operation_language_stats s
  set operations = s.operations - o.operations
  from (
    select r.user_id, r.language, count(*) as operations
    from old_rows r where r.language is not null group by 1, 2
  ) o
  where s.user_id = o.user_id and s.language = o.language;

  insert into public.operation_stats as s (user_id, bucket_start, operations, with_language)
  select n.user_id, date_bin('15 minutes', n.created_at, timestamptz '2000-01-01 00:00:00+00'),
         count(*), count(n.language)
  from new_rows n group by 1, 2 order by 1, 2
  on conflict (user_id, bucket_start) do update
    set operations = s.operations + excluded.operations,
        with_language = s.with_language + excluded.with_language;
  insert into public.operation_language_stats as s (user_id, language, operations)
  select n.user_id, n.language, count(*)
  from new_rows n where n.language is not null group by 1, 2 order by 1, 2
  on conflict (user_id, language) do update set operations = s.operations + excluded.operations;

  delete from public.operation_stats s
  where s.operations = 0 and s.user_id in (select distinct r.user_id from old_rows r);
  delete from public.operation_language_stats s
  where s.operations = 0 and s.user_id in (select distinct r.user_id from old_rows r);
  return null;
end;
$$;

create function nativ.operations_rollup_truncate() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  truncate public.operation_stats, public.operation_language_stats;
  return null;
end;
$$;

revoke all on function nativ.operations_rollup_add(), nativ.operations_rollup_remove(),
  nativ.operations_rollup_update(), nativ.operations_rollup_truncate()
  from public, anon, authenticated;

create trigger operations_rollup_insert after insert on public.operations
  referencing new table as new_rows for each statement execute function nativ.operations_rollup_add();
create trigger operations_rollup_delete after delete on public.operations
  referencing old table as old_rows for each statement execute function nativ.operations_rollup_remove();
create trigger operations_rollup_update after update on public.operations
  referencing old table as old_rows new table as new_rows
  for each statement execute function nativ.operations_rollup_update();
create trigger operations_rollup_truncate after truncate on public.operations
  for each statement execute function nativ.operations_rollup_truncate();

-- Analytics -------------------------------------------------------------------------------------

create function nativ.checked_time_zone(time_zone text) returns text
language plpgsql stable set search_path = '' as $$
declare
  ok boolean := false;
begin
  if time_zone is null or time_zone = '' then
    return 'UTC';
  end if;
  if char_length(time_zone) <= 64
     -- IANA names (Europe/Paris, Etc/GMT+5, America/Port-au-Prince) and EST5EDT-style legacy
     -- zones; bare POSIX offsets such as 'UTC+5' (whose sign is inverted) are refused.
     and time_zone ~ '^([A-Za-z][A-Za-z_-]*(/[A-Za-z][A-Za-z0-9_+-]*)*|[A-Z]{3,4}[0-9][A-Z]{3,4})$' then
    begin
      perform now() at time zone time_zone;
      ok := true;
    exception when invalid_parameter_value then
      ok := false;
    end;
  end if;
  if not ok then
    raise exception using errcode = '22023',
      message = format('invalid time zone "%s"', left(time_zone, 64)),
      hint = 'Pass an IANA time zone name such as Europe/Paris or UTC.';
  end if;
  return time_zone;
end;
$$;

revoke all on function nativ.checked_time_zone(text) from public, anon;
grant execute on function nativ.checked_time_zone(text) to authenticated, service_role;

create function public.operation_language_counts(top_n integer default 5)
returns table (language text, count bigint)
language plpgsql stable security invoker set search_path = '' as $$
#variable_conflict use_column
begin
  if top_n is null or top_n < 1 or top_n > 50 then
    raise exception using errcode = '22023', message = 'top_n must be between 1 and 50';
  end if;
  return query
  with ranked as (
    select s.language as lang, s.operations as n,
           row_number() over (order by s.operations desc, s.language) as rank
    from public.operation_language_stats s
    where s.user_id = (select auth.uid()) and s.operations > 0
  ),
  slices as (
    select r.lang, r.n, r.rank from ranked r where r.rank <= top_n
    union all
    select 'Other', sum(r.n)::bigint, top_n + 1 from ranked r where r.rank > top_n having sum(r.n) > 0
  )
  select sl.lang, sl.n from slices sl order by sl.rank;
end;
$$;

create function public.operation_daily_counts(time_zone text default 'UTC')
returns table (date text, count bigint)
language plpgsql stable security invoker set search_path = '' as $$
#variable_conflict use_column
declare
  tz text := nativ.checked_time_zone(time_zone);
begin
  return query
  select to_char((s.bucket_start at time zone tz)::date, 'YYYY-MM-DD') as day,
         sum(s.with_language)::bigint
  from public.operation_stats s
  where s.user_id = (select auth.uid()) and s.with_language > 0
  group by 1
  order by 1;
end;
$$;

create function public.operations_today(time_zone text default 'UTC')
returns json
language plpgsql stable security invoker set search_path = '' as $$
declare
  tz text := nativ.checked_time_zone(time_zone);
  local_day date := (now() at time zone tz)::date;
  day_start timestamptz := local_day::timestamp at time zone tz;
  day_end timestamptz := (local_day + 1)::timestamp at time zone tz;
  total bigint;
  files bigint;
begin
  select count(*), count(distinct o.file_id) into total, files
  from public.operations o
  where o.user_id = (select auth.uid()) and o.created_at >= day_start and o.created_at < day_end;
  return json_build_object(
    'date', to_char(local_day, 'YYYY-MM-DD'), 'operations', total, 'files', files
  );
end;
$$;

revoke all on function public.operation_language_counts(integer), public.operation_daily_counts(text),
  public.operations_today(text)
  from public, anon;
grant execute on function public.operation_language_counts(integer), public.operation_daily_counts(text),
  public.operations_today(text)
  to authenticated, service_role;
