-- "My company" and "my role", resolved once per /rest/v1 request instead of once per statement.
--
-- Every row-level security policy compares with (select nativ.current_company_id()). As a
-- SECURITY DEFINER PL/pgSQL function it cost about 35 µs per statement under pgbench — a quarter
-- of a 10-row read — in the call's set-up (security definer, search_path, SPI), not in its lookup.
-- The REST request's settings statement now reads the caller's membership from nativ.memberships
-- and sets nativ.company_id and nativ.member_role for the transaction; the two functions read those
-- settings (plain SQL, inlined into the policy) and fall back to the lookup when they are not set.
--
-- nativ.memberships mirrors end_users (auth user → company, role), kept by trigger. It exists
-- because reading end_users itself in that statement costs more than the policy did: end_users
-- has row-level security, and a statement that reads such a table and then switches role was ~50 µs
-- slower under pgbench. It has no row-level security and no grants: only the server reads it.
--
-- Trust: nativ.company_id is as trusted as request.jwt.claims, set by the same server statement from
-- the same verified JWT; a REST caller can run no SQL that sets either.

create table nativ.memberships (
  auth_user_id uuid primary key,
  company_id uuid not null,
  role text not null
);

revoke all on nativ.memberships from public, anon, authenticated, service_role;

insert into nativ.memberships (auth_user_id, company_id, role)
select e.auth_user_id, e.user_id, e.role from public.end_users e where e.auth_user_id is not null
on conflict (auth_user_id) do nothing;

create or replace function nativ.mirror_membership() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.auth_user_id is not null then
    delete from nativ.memberships where auth_user_id = old.auth_user_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.auth_user_id is not null then
    insert into nativ.memberships (auth_user_id, company_id, role)
    values (new.auth_user_id, new.user_id, new.role)
    on conflict (auth_user_id) do update
      set company_id = excluded.company_id, role = excluded.role;
  end if;
  return null;
end;
$$;

create or replace function nativ.clear_memberships() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  truncate nativ.memberships;
  return null;
end;
$$;

create trigger end_users_mirror_membership
  after insert or update of auth_user_id, user_id, role or delete on public.end_users
  for each row execute function nativ.mirror_membership();
create trigger end_users_clear_memberships
  after truncate on public.end_users
  for each statement execute function nativ.clear_memberships();

-- The lookups the settings replace, for SQL that runs as a role without them (same body and rights
-- as 20260106000500_company_lookup_plpgsql.sql).
create or replace function nativ.lookup_company_id() returns uuid
language plpgsql stable security definer set search_path = '' as $$
begin
  return (select e.user_id from public.end_users e where e.auth_user_id = auth.uid());
end;
$$;

create or replace function nativ.lookup_member_role() returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  return (select e.role from public.end_users e where e.auth_user_id = auth.uid());
end;
$$;

revoke all on function nativ.lookup_company_id(), nativ.lookup_member_role() from public, anon;
grant execute on function nativ.lookup_company_id(), nativ.lookup_member_role()
  to authenticated, service_role;

-- Empty means "resolved: no company" as well as "not set"; either way the lookup answers.
create or replace function nativ.current_company_id() returns uuid
language sql stable as $$
  select coalesce(nullif(current_setting('nativ.company_id', true), '')::uuid,
                  nativ.lookup_company_id())
$$;

create or replace function nativ.current_member_role() returns text
language sql stable as $$
  select coalesce(nullif(current_setting('nativ.member_role', true), ''),
                  nativ.lookup_member_role())
$$;
