-- A charged culturalize request in one statement (apps/server/src/api/culturalize/culturalize.repo.ts).
--
-- nativ.charge_culturalize does, in the caller's transaction, what the server used to do in four
-- round trips (begin, debit, record, commit): the debit through nativ.apply_credit_delta (ledger
-- row once per reference, balance never below zero — SQLSTATE PT402 — and the low-balance alert
-- queued by the users trigger under the row lock it takes), the API key's month added to and
-- checked against its cap (SQLSTATE PK402, the cap in DETAIL), the operation row (the usage
-- rollups follow by their statement triggers) and the answer kept for exact repeats. Called alone,
-- the statement is its own transaction: an exception leaves nothing recorded.
--
-- A repeated reference (an Idempotency-Key claim taken over by another attempt) moves nothing and
-- records nothing: applied = false. A free answer (cost 0) debits nothing and leaves the key's
-- month alone; its operation is still recorded.

create function nativ.charge_culturalize(
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
  p_forget_after_days integer
)
returns table (applied boolean, balance bigint, operation_id bigint)
language plpgsql security definer set search_path = '' as $$
declare
  -- The transaction's clock (UTC), the same now() that stamps the operation: the key's month
  -- counter and its operations agree on the month.
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
    -- After the debit, which holds the company's balance row lock; this update locks the key's
    -- row, so concurrent charges of one key add up one after the other. A request is let through
    -- while anything is left, so a month ends at most one request's cost over the cap.
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

  insert into public.operations (user_id, action, language, tool, cost, file_id, api_key_id, member_email)
  values (p_company, p_action, p_language, p_tool, p_cost, p_file_id, p_api_key_id, p_member_email)
  returning id into v_operation;

  if p_memory_hash is not null then
    insert into nativ.culturalize_memory (user_id, request_hash, answer)
    values (p_company, p_memory_hash, p_memory_answer)
    on conflict (user_id, request_hash)
      do update set answer = excluded.answer, created_at = now();
  end if;

  -- Now and then (the caller passes its memory's days one call in a hundred, otherwise null),
  -- expired answers of every company are forgotten, a bounded batch at a time.
  if p_forget_after_days is not null then
    delete from nativ.culturalize_memory m where (m.user_id, m.request_hash) in (
      select e.user_id, e.request_hash from nativ.culturalize_memory e
      where e.created_at < now() - make_interval(days => p_forget_after_days) limit 1000);
  end if;

  return query select true, v_balance, v_operation;
end;
$$;

revoke all on function nativ.charge_culturalize(uuid, bigint, text, text, text, text, text, uuid,
  text, text, jsonb, integer) from public, anon, authenticated;
grant execute on function nativ.charge_culturalize(uuid, bigint, text, text, text, text, text, uuid,
  text, text, jsonb, integer) to service_role;
