-- An operation's detail (characters, from memory, engine, model, duration, the connected app) is
-- written by the insert that records the operation, not by an update after it. public.operations'
-- statement triggers keep the analytics and usage rollups (20260101000300_data.sql,
-- 20260106000000_usage_rollups.sql): an update makes them take the old row out and put the new one
-- in, which doubled the database's work for every charged request (bench scenario 3 on PGlite:
-- 3.3 → 5.4 ms of CPU a request). The texts a company keeps stay a row of their own.

create function nativ.keep_operation_texts(p_company uuid, p_operation bigint, p_detail jsonb)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  if jsonb_typeof(p_detail -> 'texts') = 'array' and p_detail ? 'texts_expire_at'
    and (select u.keep_request_texts from public.users u where u.id = p_company) then
    insert into nativ.operation_texts (operation_id, user_id, texts, expires_at)
    values (p_operation, p_company, p_detail -> 'texts',
      (p_detail ->> 'texts_expire_at')::timestamptz);
  end if;
end;
$$;
revoke all on function nativ.keep_operation_texts(uuid, bigint, jsonb)
  from public, anon, authenticated;
grant execute on function nativ.keep_operation_texts(uuid, bigint, jsonb) to service_role;

-- As 20260109400000_operation_detail.sql, but the operation is inserted whole: p_detail's
-- characters, from_memory, engine, model, duration_ms and app_name go into its columns.
create or replace function nativ.charge_culturalize(
  p_company uuid,
  p_cost bigint,
  p_reference text,
  p_action text,
  p_language text,
  p_tool text,
  p_file_id text,
  p_api_key_id uuid,
  p_member_email text,
  p_memory_hash text,
  p_memory_answer jsonb,
  p_forget_after_days integer,
  p_detail jsonb default null
)
returns table (applied boolean, balance bigint, operation_id bigint)
language plpgsql security definer set search_path = '' as $$
declare
  this_month constant date := date_trunc('month', now() at time zone 'UTC')::date;
  v_applied boolean;
  v_balance bigint;
  v_key_before bigint;
  v_key_cap bigint;
  v_operation bigint;
begin
  if p_cost > 0 then
    select d.applied, d.balance into v_applied, v_balance
    from nativ.apply_credit_delta(p_company, -p_cost, 'culturalize', p_reference) d;
    if not v_applied then
      return query select false, v_balance, null::bigint;
      return;
    end if;
    update public.api_keys k set
      usage_month_credits =
        (case when k.usage_month = this_month then k.usage_month_credits else 0 end) + p_cost,
      usage_month = this_month
    where k.id = p_api_key_id
    returning k.usage_month_credits - p_cost, k.monthly_credit_cap into v_key_before, v_key_cap;
    if v_key_cap is not null and v_key_before >= v_key_cap then
      raise exception using errcode = 'PK402', message = 'API key monthly credit cap reached',
        detail = v_key_cap::text;
    end if;
  else
    select u.credits into v_balance from public.users u where u.id = p_company;
  end if;

  insert into public.operations (user_id, action, language, tool, cost, file_id, api_key_id,
    member_email, characters, from_memory, engine, model, duration_ms, app_name)
  values (p_company, p_action, p_language, p_tool, p_cost, p_file_id, p_api_key_id,
    p_member_email, (p_detail ->> 'characters')::integer, (p_detail ->> 'from_memory')::boolean,
    p_detail ->> 'engine', p_detail ->> 'model', (p_detail ->> 'duration_ms')::integer,
    p_detail ->> 'app_name')
  returning id into v_operation;
  if jsonb_typeof(p_detail -> 'texts') = 'array' then
    perform nativ.keep_operation_texts(p_company, v_operation, p_detail);
  end if;

  if p_memory_hash is not null then
    insert into nativ.culturalize_memory (user_id, request_hash, answer)
    values (p_company, p_memory_hash, p_memory_answer)
    on conflict (user_id, request_hash)
      do update set answer = excluded.answer, created_at = now();
  end if;

  if p_forget_after_days is not null then
    delete from nativ.culturalize_memory m where (m.user_id, m.request_hash) in (
      select e.user_id, e.request_hash from nativ.culturalize_memory e
      where e.created_at < now() - make_interval(days => p_forget_after_days) limit 1000);
    delete from nativ.operation_texts t where t.operation_id in (
      select e.operation_id from nativ.operation_texts e where e.expires_at < now() limit 1000);
  end if;

  return query select true, v_balance, v_operation;
end;
$$;

drop function nativ.record_operation_detail(uuid, bigint, jsonb);
