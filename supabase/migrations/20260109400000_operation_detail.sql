-- Operations: what one operation was (GET /api/v1/operations/{id}, the dashboard's row detail), and
-- the company's choice to keep the request's texts for 30 days (off by default).
--
-- The detail columns are nullable: operations recorded before this migration, and kinds of work
-- that have no such measure (an image has no characters), show them as unknown.
--
-- The texts are not columns of public.operations: that table is readable by every member through
-- the REST API (operations_select_own), which would hand them out past their 30 days. They live in
-- nativ.operation_texts, reachable only through the server, which never returns a row past its
-- expires_at (its own clock) and deletes such a row when it reads it; nativ.charge_culturalize
-- also sweeps expired rows of every company now and then, as it does for remembered answers.

alter table public.users add column if not exists keep_request_texts boolean not null default false;

alter table public.operations
  add column if not exists characters integer check (characters >= 0),
  add column if not exists from_memory boolean,
  add column if not exists engine text check (char_length(engine) between 1 and 50),
  add column if not exists model text check (char_length(model) between 1 and 200),
  add column if not exists duration_ms integer check (duration_ms >= 0);

create table nativ.operation_texts (
  operation_id bigint primary key references public.operations (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade,
  -- [{request, result}]: one pair for a single request, one per item for a batch.
  texts jsonb not null check (jsonb_typeof(texts) = 'array'),
  expires_at timestamptz not null
);
create index operation_texts_expires_idx on nativ.operation_texts (expires_at);
create index operation_texts_user_idx on nativ.operation_texts (user_id);
revoke all on nativ.operation_texts from public, anon, authenticated;
grant all on nativ.operation_texts to service_role;

-- Records an operation's detail (and its texts when the company keeps them) beside its insert;
-- shared by the culturalize charge below and the visuals charge (visual-charge.repo.ts).
-- p_detail: {characters, from_memory, engine, model, duration_ms, texts: [{request, result}],
-- texts_expire_at}; absent keys are unknown.
create function nativ.record_operation_detail(p_company uuid, p_operation bigint, p_detail jsonb)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  if p_detail is null then
    return;
  end if;
  update public.operations o set
    characters = (p_detail ->> 'characters')::integer,
    from_memory = (p_detail ->> 'from_memory')::boolean,
    engine = p_detail ->> 'engine',
    model = p_detail ->> 'model',
    duration_ms = (p_detail ->> 'duration_ms')::integer
  where o.id = p_operation;
  -- The setting is read here, under the charge's transaction, so a run that started before an
  -- owner turned it off keeps nothing.
  if jsonb_typeof(p_detail -> 'texts') = 'array' and p_detail ? 'texts_expire_at'
    and (select u.keep_request_texts from public.users u where u.id = p_company) then
    insert into nativ.operation_texts (operation_id, user_id, texts, expires_at)
    values (p_operation, p_company, p_detail -> 'texts', (p_detail ->> 'texts_expire_at')::timestamptz);
  end if;
end;
$$;

revoke all on function nativ.record_operation_detail(uuid, bigint, jsonb)
  from public, anon, authenticated;
grant execute on function nativ.record_operation_detail(uuid, bigint, jsonb) to service_role;

-- nativ.charge_culturalize, as in 20260108050000_charge_culturalize.sql, with the operation's
-- detail as one more argument that defaults to none (so a call with the old twelve still works).
-- The old signature is dropped first: an added parameter would otherwise make a second function
-- and calls with twelve arguments ambiguous.
drop function nativ.charge_culturalize(uuid, bigint, text, text, text, text, text, uuid, text, text,
  jsonb, integer);

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

  insert into public.operations (user_id, action, language, tool, cost, file_id, api_key_id, member_email)
  values (p_company, p_action, p_language, p_tool, p_cost, p_file_id, p_api_key_id, p_member_email)
  returning id into v_operation;
  perform nativ.record_operation_detail(p_company, v_operation, p_detail);

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

revoke all on function nativ.charge_culturalize(uuid, bigint, text, text, text, text, text, uuid,
  text, text, jsonb, integer, jsonb) from public, anon, authenticated;
grant execute on function nativ.charge_culturalize(uuid, bigint, text, text, text, text, text, uuid,
  text, text, jsonb, integer, jsonb) to service_role;
