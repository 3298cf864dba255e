-- /rest/v1's two-factor check reads "has a verified second factor" from the membership row its
-- settings statement already joins. Looking in auth.mfa_factors in that statement, as
-- 20260108010000_rest_insufficient_aal.sql did, cost every request of a password-only token —
-- nearly every request of an account without two-factor — its executor start-up (opening and
-- locking the table): a median 30 → 120 µs per statement in a PL/pgSQL loop on this loaded machine,
-- where reading the column measured 30–35 µs, as without any check. The statement now calls nativ.refuse_without_aal2() only when the mirror says the person
-- has a verified factor, or when the person is in no company (no mirror row); the function asks
-- auth.mfa_factors, which stays the truth, and raises NAAL2 (answered 403 insufficient_aal).

alter table nativ.memberships add column two_factor boolean not null default false;

update nativ.memberships m set two_factor = true
where exists (select from auth.mfa_factors f where f.user_id = m.auth_user_id and f.status = 'verified');

-- As in 20260107000000_request_membership.sql, and a new row also says whether the person has a
-- verified factor (a person who joins a company already has theirs).
create or replace function nativ.mirror_membership() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.auth_user_id is not null then
    delete from nativ.memberships where auth_user_id = old.auth_user_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.auth_user_id is not null then
    insert into nativ.memberships (auth_user_id, company_id, role, two_factor)
    values (new.auth_user_id, new.user_id, new.role, exists (
      select from auth.mfa_factors f where f.user_id = new.auth_user_id and f.status = 'verified'))
    on conflict (auth_user_id) do update
      set company_id = excluded.company_id, role = excluded.role, two_factor = excluded.two_factor;
  end if;
  return null;
end;
$$;

create or replace function nativ.mirror_two_factor() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update nativ.memberships m set two_factor = exists (
      select from auth.mfa_factors f where f.user_id = m.auth_user_id and f.status = 'verified')
  where m.auth_user_id in (old.user_id, new.user_id);
  return null;
end;
$$;

revoke all on function nativ.mirror_two_factor() from public, anon, authenticated, service_role;

-- Not on hosted Supabase, whose Supabase Auth owns schema auth (as 20260102000000_mfa_factors.sql).
do $$ begin
  if to_regclass('auth.schema_migrations') is not null then
    return;
  end if;
  create trigger mfa_factors_mirror_two_factor
    after insert or update of status, user_id or delete on auth.mfa_factors
    for each row execute function nativ.mirror_two_factor();
end $$;

create or replace function nativ.refuse_without_aal2(person uuid) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  if exists (select from auth.mfa_factors f where f.user_id = person and f.status = 'verified') then
    raise exception using errcode = 'NAAL2',
      message = 'insufficient_aal: this session has not passed two-factor authentication';
  end if;
  return null;
end;
$$;

revoke all on function nativ.refuse_without_aal2(uuid) from public, anon, authenticated, service_role;

drop function nativ.refuse_insufficient_aal();
