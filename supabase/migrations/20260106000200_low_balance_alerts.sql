-- Low-balance alerts (Settings → Notifications): one email to the company's owners when a debit
-- takes the balance from at or above the threshold to below it, and none again until the balance
-- has been back at or above it.
--
-- public.users gains:
--   low_balance_threshold  credits, 1 … 1,000,000,000, default 1,000; null = alerts off.
--   low_balance_armed      the balance is at or above the threshold, so the next downward crossing
--                          emails. Never written directly: the trigger below keeps it.
--   ever_credited          the company has had credits at some time. A new account (0 credits)
--                          is not "running low" — it has not started — so neither the dashboard
--                          banner nor an email concerns it until its first credits.
--   low_balance_below      (generated) the alert is on, the company has had credits and the
--                          balance is below the threshold: the dashboard's banner, read by the
--                          dashboard over /rest/v1 (company members) and by GET /notifications.
--
-- The crossing is decided by a BEFORE UPDATE trigger on public.users, so it runs inside the
-- statement that moves the balance (nativ.apply_credit_delta's update, or any other), under that
-- row's lock and in that transaction: 100 concurrent debits are serialised by the lock and exactly
-- one of them sees armed → below. The emails are rows of nativ.email_outbox (one per owner),
-- written in the same transaction — a rolled-back debit leaves none — and sent after commit by the
-- server (apps/server/src/mail/email-outbox.ts), each row once.
--
-- Changing the threshold (or turning alerts back on) recomputes `armed` from the balance and
-- sends nothing: a threshold set above the balance shows the banner, and the next email waits for
-- the balance to rise to it and fall below it again.

alter table public.users
  add column if not exists low_balance_threshold bigint default 1000
    constraint users_low_balance_threshold_range
      check (low_balance_threshold between 1 and 1000000000),
  add column if not exists low_balance_armed boolean not null default false,
  add column if not exists ever_credited boolean not null default false;

alter table public.users
  add column if not exists low_balance_below boolean generated always as (
    low_balance_threshold is not null and ever_credited and credits < low_balance_threshold
  ) stored;

update public.users u set
  ever_credited = u.credits > 0
    or exists (select from public.credit_ledger l where l.user_id = u.id and l.delta > 0),
  low_balance_armed = u.credits >= 1000;

-- The emails the database decides to send (low-balance alerts here; receipts in
-- 20260106000300_billing_receipts.sql), written in the transaction that decides them and sent after
-- commit by apps/server/src/mail/email-outbox.ts, each row once. `payload` carries what the
-- email's template needs; `to_address` is null when the sender looks the recipient up.
create table nativ.email_outbox (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('low_balance', 'receipt')),
  company_id uuid not null references public.users (id) on delete cascade,
  to_address text,
  payload jsonb not null default '{}',
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  -- A sender holds a row until then; past it, another sender may take it (the first one died).
  claimed_until timestamptz,
  sent_at timestamptz,
  last_error text
);
revoke all on nativ.email_outbox from public, anon, authenticated;
create index email_outbox_unsent_idx on nativ.email_outbox (id) where sent_at is null;
create index email_outbox_company_idx on nativ.email_outbox (company_id, id desc);

create function nativ.track_low_balance() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.credits > 0 then
    new.ever_credited := true;
  end if;
  if new.low_balance_threshold is null then
    new.low_balance_armed := false;
  elsif new.credits >= new.low_balance_threshold then
    new.low_balance_armed := true;
  elsif old.low_balance_armed
    and new.low_balance_threshold is not distinct from old.low_balance_threshold then
    -- armed means the old balance was at or above this threshold: this change crossed it.
    new.low_balance_armed := false;
    insert into nativ.email_outbox (kind, company_id, to_address, payload)
    select 'low_balance', new.id, e.email, jsonb_build_object(
        'company_name', new.name, 'balance', new.credits, 'threshold', new.low_balance_threshold)
    from public.end_users e
    where e.user_id = new.id and e.role = 'owner' and e.joined_at is not null;
  else
    new.low_balance_armed := false;
  end if;
  return new;
end;
$$;
revoke all on function nativ.track_low_balance() from public, anon, authenticated;

create trigger users_track_low_balance
  before update of credits, low_balance_threshold on public.users
  for each row
  when (old.credits is distinct from new.credits
    or old.low_balance_threshold is distinct from new.low_balance_threshold)
  execute function nativ.track_low_balance();
