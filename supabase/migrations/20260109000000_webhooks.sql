-- Webhooks (issue #25): endpoints a company registers to hear of events, and the outbox of their
-- deliveries, signed and sent by apps/server/src/webhooks/ as the Standard Webhooks specification
-- says.
--
-- Both tables live in the nativ schema and are granted to no API role: /rest/v1 cannot reach them
-- (as nativ.email_outbox). The dashboard manages them through /api/v1/webhooks, owners and admins.
--
-- Events are written by the database, in the transaction that causes them (triggers on payments,
-- users, api_keys and end_users below), so a rolled-back change queues nothing and a committed one
-- cannot lose its event to a crash: the delivery row commits with the change and the server sends
-- it afterwards, retrying until it is answered 2xx or 72 hours have passed.

create table nativ.webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.users (id) on delete cascade,
  url text not null check (char_length(url) between 1 and 2000 and url ~ '^https?://'),
  events text[] not null check (
    cardinality(events) >= 1
    and events <@ array['credits.low', 'credits.purchased', 'key.cap_reached', 'job.completed',
      'member.joined', 'member.removed', 'ping']::text[]),
  description text not null default '' check (char_length(description) <= 200),
  -- Read to sign every delivery, so kept as is (not hashed); never returned after creation.
  secret text not null check (secret ~ '^whsec_[A-Za-z0-9+/=]{20,}$'),
  enabled boolean not null default true,
  -- Why the server turned the endpoint off (failing for 3 days); null when on or turned off by hand.
  disabled_reason text check (char_length(disabled_reason) <= 500),
  created_by uuid references public.end_users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- The first failed attempt since the last success; 3 days of it disables the endpoint.
  failing_since timestamptz
);
revoke all on nativ.webhook_endpoints from public, anon, authenticated;
create index webhook_endpoints_company_idx on nativ.webhook_endpoints (company_id, created_at);

-- One row per (event, endpoint): the outbox. message_id is the `webhook-id` header, the same on
-- every attempt so receivers dedupe on it.
create table nativ.webhook_deliveries (
  id bigint generated always as identity primary key,
  endpoint_id uuid not null references nativ.webhook_endpoints (id) on delete cascade,
  company_id uuid not null references public.users (id) on delete cascade,
  message_id text not null unique
    default 'msg_' || replace(gen_random_uuid()::text, '-', ''),
  event text not null,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  -- When the next attempt is due; null once succeeded or failed.
  next_attempt_at timestamptz default now(),
  -- A sender holds a row until then; past it, another sender may take it (the first one died).
  claimed_until timestamptz,
  response_status integer,
  response_body text check (char_length(response_body) <= 1000),
  duration_ms integer,
  created_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  completed_at timestamptz,
  check ((status = 'pending') = (next_attempt_at is not null))
);
revoke all on nativ.webhook_deliveries from public, anon, authenticated;
create index webhook_deliveries_pending_idx on nativ.webhook_deliveries (endpoint_id, id)
  where status = 'pending';
create index webhook_deliveries_endpoint_idx on nativ.webhook_deliveries (endpoint_id, id desc);

-- The email to a company's owners when the server disables a failing endpoint.
alter table nativ.email_outbox drop constraint if exists email_outbox_kind_check;
alter table nativ.email_outbox add constraint email_outbox_kind_check
  check (kind in ('low_balance', 'receipt', 'webhook_disabled'));

-- The payload every event carries: what happened, when (ISO 8601, UTC) and the object.
create function nativ.webhook_payload(p_event text, p_data jsonb) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'type', p_event,
    'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', coalesce(p_data, '{}'::jsonb))
$$;

-- Queues `p_event` for every enabled endpoint of the company subscribed to it, in the caller's
-- transaction. Returns how many deliveries it queued.
create function nativ.enqueue_webhook_event(p_company_id uuid, p_event text, p_data jsonb)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_count integer;
begin
  insert into nativ.webhook_deliveries (endpoint_id, company_id, event, payload)
  select e.id, e.company_id, p_event, nativ.webhook_payload(p_event, p_data)
  from nativ.webhook_endpoints e
  where e.company_id = p_company_id and e.enabled and p_event = any (e.events)
  order by e.created_at, e.id;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- For the i18n file jobs (not built yet): call in the transaction that marks a job finished.
create function nativ.enqueue_job_completed(p_company_id uuid, p_job jsonb) returns integer
language sql security definer set search_path = '' as $$
  select nativ.enqueue_webhook_event(p_company_id, 'job.completed', p_job)
$$;

-- credits.purchased: the moment a payment is credited (once; credited_at is never unset).
create function nativ.webhook_credits_purchased() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform nativ.enqueue_webhook_event(new.user_id, 'credits.purchased', jsonb_build_object(
    'id', new.id, 'credits', new.credits, 'amount_cents', new.amount_cents,
    'currency', new.currency, 'receipt_number', new.receipt_number));
  return null;
end;
$$;
create trigger payments_webhook_credits_purchased after update of credited_at on public.payments
  for each row when (old.credited_at is null and new.credited_at is not null)
  execute function nativ.webhook_credits_purchased();

-- credits.low: the downward crossing nativ.track_low_balance decides (armed → not armed with the
-- threshold unchanged is exactly that crossing; 20260106000200_low_balance_alerts.sql).
create function nativ.webhook_credits_low() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform nativ.enqueue_webhook_event(new.id, 'credits.low', jsonb_build_object(
    'balance', new.credits, 'threshold', new.low_balance_threshold));
  return null;
end;
$$;
create trigger users_webhook_credits_low after update of credits on public.users
  for each row when (old.low_balance_armed and not new.low_balance_armed
    and new.low_balance_threshold is not null
    and new.low_balance_threshold is not distinct from old.low_balance_threshold)
  execute function nativ.webhook_credits_low();

-- key.cap_reached: the charge that takes a key's spending this month to its cap (the charge
-- functions add to usage_month_credits under the key's row lock, so one charge crosses).
create function nativ.webhook_key_cap_reached() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform nativ.enqueue_webhook_event(new.user_id, 'key.cap_reached', jsonb_build_object(
    'id', new.id, 'name', new.name, 'cap', new.monthly_credit_cap,
    'used', new.usage_month_credits, 'month', to_char(new.usage_month, 'YYYY-MM')));
  return null;
end;
$$;
create trigger api_keys_webhook_cap_reached after update of usage_month_credits on public.api_keys
  for each row when (new.monthly_credit_cap is not null
    and new.usage_month_credits >= new.monthly_credit_cap
    and (old.usage_month is distinct from new.usage_month
      or old.usage_month_credits < new.monthly_credit_cap))
  execute function nativ.webhook_key_cap_reached();

-- member.joined: an invitation accepted (joined_at set) or a member added already joined.
create function nativ.webhook_member_joined() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform nativ.enqueue_webhook_event(new.user_id, 'member.joined', jsonb_build_object(
    'id', new.id, 'email', new.email, 'role', new.role));
  return null;
end;
$$;
create trigger end_users_webhook_member_joined after update of joined_at on public.end_users
  for each row when (old.joined_at is null and new.joined_at is not null)
  execute function nativ.webhook_member_joined();
create trigger end_users_webhook_member_added after insert on public.end_users
  for each row when (new.joined_at is not null)
  execute function nativ.webhook_member_joined();

-- member.removed: a joined member deleted from a company that still exists (a company's own
-- deletion removes its endpoints too, so it has no one to tell).
create function nativ.webhook_member_removed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select from public.users u where u.id = old.user_id) then
    perform nativ.enqueue_webhook_event(old.user_id, 'member.removed', jsonb_build_object(
      'id', old.id, 'email', old.email, 'role', old.role));
  end if;
  return null;
end;
$$;
create trigger end_users_webhook_member_removed after delete on public.end_users
  for each row when (old.joined_at is not null)
  execute function nativ.webhook_member_removed();

revoke all on function nativ.webhook_payload(text, jsonb),
  nativ.enqueue_webhook_event(uuid, text, jsonb), nativ.enqueue_job_completed(uuid, jsonb),
  nativ.webhook_credits_purchased(), nativ.webhook_credits_low(), nativ.webhook_key_cap_reached(),
  nativ.webhook_member_joined(), nativ.webhook_member_removed()
  from public, anon, authenticated;
