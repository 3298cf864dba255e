-- operation_daily_counts: group by the local date and format only the grouped days (formatting
-- every 15-minute bucket cost most of the time for a 1,000,000-operation account). Same name,
-- arguments and result as in 20260101000300_data.sql.

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
    where s.user_id = (select auth.uid()) and s.with_language > 0
    group by 1
  ) d
  order by d.day;
end;
$$;
