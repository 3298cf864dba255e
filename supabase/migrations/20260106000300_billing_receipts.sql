-- Billing history and receipts: each credited purchase gets a receipt number, and a Stripe
-- purchase keeps its payment intent and Stripe's own receipt URL.
--
--   payments.receipt_number   'NTV-2026-000001': the year the payment was credited (UTC) and a
--       counter per year with no gaps (nativ.receipt_counters is updated in the crediting
--       transaction, so a rolled-back credit gives its number back). Set by a trigger the moment
--       credited_at is set, once; never changed afterwards.
--   payments.provider_reference  Stripe's payment intent id (null for the local test checkout,
--       whose reference is the session id).
--   payments.stripe_receipt_url  The Charge's receipt_url, read from Stripe once the session is
--       paid.

alter table public.payments
  add column if not exists receipt_number text unique
    check (receipt_number ~ '^NTV-[0-9]{4}-[0-9]{6,}$'),
  add column if not exists provider_reference text
    check (char_length(provider_reference) between 1 and 255),
  add column if not exists stripe_receipt_url text
    check (char_length(stripe_receipt_url) between 1 and 2000 and stripe_receipt_url ~ '^https?://');

create table nativ.receipt_counters (
  year integer primary key check (year between 2000 and 9999),
  last_number integer not null check (last_number > 0)
);
revoke all on nativ.receipt_counters from public, anon, authenticated;
grant all on nativ.receipt_counters to service_role;

create or replace function nativ.next_receipt_number(p_at timestamptz) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_year integer := extract(year from p_at at time zone 'UTC')::integer;
  v_number integer;
begin
  insert into nativ.receipt_counters as c (year, last_number) values (v_year, 1)
  on conflict (year) do update set last_number = c.last_number + 1
  returning c.last_number into v_number;
  return 'NTV-' || v_year::text || '-' || lpad(v_number::text, 6, '0');
end;
$$;

create or replace function nativ.assign_receipt_number() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.receipt_number is not null then
    new.receipt_number := old.receipt_number;
  elsif new.credited_at is not null and old.credited_at is null then
    new.receipt_number := nativ.next_receipt_number(new.credited_at);
    -- The receipt email, queued in the crediting transaction: sent once, after commit, even if
    -- the process stops in between (nativ.email_outbox, 20260106000200_low_balance_alerts.sql).
    insert into nativ.email_outbox (kind, company_id, payload)
    values ('receipt', new.user_id, jsonb_build_object('payment_id', new.id));
  end if;
  return new;
end;
$$;
revoke all on function nativ.next_receipt_number(timestamptz), nativ.assign_receipt_number()
  from public, anon, authenticated;

-- Purchases credited before this migration, numbered in the order they were credited.
do $$
declare
  p record;
begin
  for p in
    select id, credited_at from public.payments
    where credited_at is not null and receipt_number is null
    order by credited_at, id
  loop
    update public.payments set receipt_number = nativ.next_receipt_number(p.credited_at)
    where id = p.id;
  end loop;
end;
$$;

alter table public.payments add constraint payments_receipt_when_credited
  check ((receipt_number is null) = (credited_at is null));

create trigger assign_receipt_number before update on public.payments
  for each row execute function nativ.assign_receipt_number();
