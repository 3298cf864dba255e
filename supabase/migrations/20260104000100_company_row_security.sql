-- Row-level security by company: every member reaches their company's rows, through
-- nativ.current_company_id(). Managing languages is for owners and admins; members read them.

drop policy if exists users_select_own on public.users;
create policy users_select_company on public.users
  for select to authenticated using (id = (select nativ.current_company_id()));

drop policy if exists end_users_select_own on public.end_users;
create policy end_users_select_company on public.end_users
  for select to authenticated using (user_id = (select nativ.current_company_id()));

drop policy if exists operations_select_own on public.operations;
create policy operations_select_company on public.operations
  for select to authenticated using (user_id = (select nativ.current_company_id()));

drop policy if exists languages_select_own on public.user_languages_mapping;
drop policy if exists languages_insert_own on public.user_languages_mapping;
drop policy if exists languages_delete_own on public.user_languages_mapping;
create policy languages_select_company on public.user_languages_mapping
  for select to authenticated using (user_id = (select nativ.current_company_id()));
create policy languages_insert_manager on public.user_languages_mapping
  for insert to authenticated with check (
    user_id = (select nativ.current_company_id())
    and (select nativ.current_member_role()) in ('owner', 'admin')
  );
create policy languages_delete_manager on public.user_languages_mapping
  for delete to authenticated using (
    user_id = (select nativ.current_company_id())
    and (select nativ.current_member_role()) in ('owner', 'admin')
  );

drop policy if exists feedback_select_own on public.user_feedback;
drop policy if exists feedback_insert_own on public.user_feedback;
create policy feedback_select_company on public.user_feedback
  for select to authenticated using (user_id = (select nativ.current_company_id()));
create policy feedback_insert_company on public.user_feedback
  for insert to authenticated with check (user_id = (select nativ.current_company_id()));

drop policy if exists payments_select_own on public.payments;
create policy payments_select_company on public.payments
  for select to authenticated using (user_id = (select nativ.current_company_id()));

drop policy if exists credit_ledger_select_own on public.credit_ledger;
create policy credit_ledger_select_company on public.credit_ledger
  for select to authenticated using (user_id = (select nativ.current_company_id()));

drop policy if exists operation_stats_select_own on public.operation_stats;
create policy operation_stats_select_company on public.operation_stats
  for select to authenticated using (user_id = (select nativ.current_company_id()));

drop policy if exists operation_language_stats_select_own on public.operation_language_stats;
create policy operation_language_stats_select_company on public.operation_language_stats
  for select to authenticated using (user_id = (select nativ.current_company_id()));

-- The analytics functions: the caller's company instead of the caller. Same names, arguments and
-- results as before.

create or replace function public.operation_language_counts(top_n integer default 5)
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
    where s.user_id = (select nativ.current_company_id()) and s.operations > 0
  ),
  slices as (
    select r.lang, r.n, r.rank from ranked r where r.rank <= top_n
    union all
    select 'Other', sum(r.n)::bigint, top_n + 1 from ranked r where r.rank > top_n having sum(r.n) > 0
  )
  select sl.lang, sl.n from slices sl order by sl.rank;
end;
$$;

create or replace function public.operation_daily_counts(time_zone text default 'UTC')
returns table (date text, count bigint)
language plpgsql stable security invoker set search_path = '' as $$
#variable_conflict use_column
declare
  tz text := nativ.checked_time_zone(time_zone);
begin
  return query
  select to_char(d.day, 'YYYY-MM-DD'), d.n
  from (
    select (s.bucket_start at time zone tz)::date as day, sum(s.with_language)::bigint as n
    from public.operation_stats s
    where s.user_id = (select nativ.current_company_id()) and s.with_language > 0
    group by 1
  ) d
  order by d.day;
end;
$$;

create or replace function public.operations_today(time_zone text default 'UTC')
returns json
language plpgsql stable security invoker set search_path = '' as $$
declare
  tz text := nativ.checked_time_zone(time_zone);
  local_day date := (now() at time zone tz)::date;
  day_start timestamptz := local_day::timestamp at time zone tz;
  day_end timestamptz := (local_day + 1)::timestamp at time zone tz;
  company uuid := nativ.current_company_id();
  total bigint;
  files bigint;
begin
  select count(*), count(distinct o.file_id) into total, files
  from public.operations o
  where o.user_id = company and o.created_at >= day_start and o.created_at < day_end;
  return json_build_object(
    'date', to_char(local_day, 'YYYY-MM-DD'), 'operations', total, 'files', files
  );
end;
$$;
