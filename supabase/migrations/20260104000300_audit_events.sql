-- The company's activity log: who did what, append-only. Owners and admins read their company's
-- events; nobody can change or delete one (no grants, and a trigger for the table owner too).
-- Events follow the company: deleting the company deletes its log.
--
-- Actions: member.invited, member.joined, member.role_changed, member.removed, api_key.created,
-- api_key.revoked, credits.purchased, language.added, language.deleted, password.changed,
-- two_factor.enabled, two_factor.removed. The actor's email is kept as written at the time.

create table if not exists public.audit_events (
  id bigint generated always as identity primary key,
  company_id uuid not null references public.users (id) on delete cascade,
  actor_id uuid,
  actor_email text check (char_length(actor_email) <= 320),
  action text not null check (action ~ '^[a-z_]{1,40}\.[a-z_]{1,40}$'),
  target text check (char_length(target) <= 400),
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index if not exists audit_events_company_id_idx on public.audit_events (company_id, id desc);

alter table public.audit_events enable row level security;
revoke all on public.audit_events from public, anon, authenticated;
grant select on public.audit_events to authenticated;
grant select, insert on public.audit_events to service_role;
grant usage, select on sequence public.audit_events_id_seq to service_role;

create policy audit_events_select_managers on public.audit_events
  for select to authenticated using (
    company_id = (select nativ.current_company_id())
    and (select nativ.current_member_role()) in ('owner', 'admin')
  );

create or replace function nativ.audit_events_append_only() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- A cascade from deleting the company runs after the company row is gone.
  if tg_op = 'DELETE' and not exists (select from public.users u where u.id = old.company_id) then
    return old;
  end if;
  raise exception using errcode = '42501', message = 'audit events cannot be changed or deleted';
end;
$$;

drop trigger if exists audit_events_append_only on public.audit_events;
create trigger audit_events_append_only before update or delete on public.audit_events
  for each row execute function nativ.audit_events_append_only();
create or replace function nativ.audit_events_no_truncate() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception using errcode = '42501', message = 'audit events cannot be changed or deleted';
end;
$$;
drop trigger if exists audit_events_no_truncate on public.audit_events;
create trigger audit_events_no_truncate before truncate on public.audit_events
  for each statement execute function nativ.audit_events_no_truncate();

-- Appends an event; the actor is a member of the company (by auth user id) or, with no actor id,
-- p_actor_email as given (e.g. a payment's member).
create or replace function nativ.record_audit_event(
  p_company_id uuid, p_actor_id uuid, p_action text, p_target text,
  p_details jsonb default '{}'::jsonb, p_actor_email text default null
) returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.audit_events (company_id, actor_id, actor_email, action, target, details)
  values (
    p_company_id, p_actor_id,
    coalesce(p_actor_email, (select e.email from public.end_users e where e.auth_user_id = p_actor_id)),
    p_action, p_target, coalesce(p_details, '{}'::jsonb)
  );
end;
$$;
revoke all on function nativ.record_audit_event(uuid, uuid, text, text, jsonb, text)
  from public, anon, authenticated;
grant execute on function nativ.record_audit_event(uuid, uuid, text, text, jsonb, text) to service_role;
