-- Teams: a company (public.users) has many people (public.end_users), each with a role. An
-- end_users row now names the auth user it is (auth_user_id), its role, when it was invited and
-- when it joined. Existing accounts become their founder's company with the founder as owner.
--
-- The company no longer depends on its founder's login: removing the founder (when another owner
-- remains) must not delete the company, so public.users.id stops referencing auth.users.

alter table public.end_users
  add column if not exists auth_user_id uuid references auth.users (id) on delete cascade,
  add column if not exists role text not null default 'owner'
    check (role in ('owner', 'admin', 'member')),
  add column if not exists invited_at timestamptz,
  add column if not exists joined_at timestamptz;

update public.end_users e
set auth_user_id = u.id, joined_at = coalesce(e.joined_at, e.created_at)
from auth.users u
where lower(u.email) = e.email and e.auth_user_id is null;

alter table public.end_users drop constraint if exists end_users_user_id_key;
create index if not exists end_users_user_id_idx on public.end_users (user_id, created_at);
create unique index if not exists end_users_auth_user_id_key on public.end_users (auth_user_id);

alter table public.users drop constraint if exists users_id_fkey;

-- A new auth user either founds a company (sign-up, or the operator's first-owner invitation) or,
-- when the server invited it into one, joins that company. The company and role come from
-- raw_app_meta_data, which only the server (service role) can write: a visitor signing up cannot
-- name a company to join.
create or replace function public.handle_new_auth_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  company uuid := nullif(new.raw_app_meta_data ->> 'nativ_company_id', '')::uuid;
begin
  if new.email is null then
    return new;
  end if;
  if company is not null then
    insert into public.end_users (user_id, email, auth_user_id, role, invited_at)
    values (company, lower(new.email), new.id,
            coalesce(new.raw_app_meta_data ->> 'nativ_role', 'member'), now());
    return new;
  end if;
  insert into public.users (id, name, credits)
  values (new.id, nullif(trim(new.raw_user_meta_data ->> 'company_name'), ''), 0)
  on conflict (id) do nothing;
  insert into public.end_users (user_id, email, auth_user_id, role, invited_at, joined_at)
  values (new.id, lower(new.email), new.id, 'owner', new.invited_at,
          case when new.invited_at is null then now() end)
  on conflict do nothing;
  return new;
end;
$$;

-- "My company" and "my role", for row-level security. Security definer so a policy on end_users
-- can use them without recursing into end_users' own policy; `(select …)` in a policy evaluates
-- them once per statement.
create or replace function nativ.current_company_id() returns uuid
language sql stable security definer set search_path = '' as $$
  select e.user_id from public.end_users e where e.auth_user_id = (select auth.uid())
$$;

create or replace function nativ.current_member_role() returns text
language sql stable security definer set search_path = '' as $$
  select e.role from public.end_users e where e.auth_user_id = (select auth.uid())
$$;

revoke all on function nativ.current_company_id(), nativ.current_member_role() from public, anon;
grant execute on function nativ.current_company_id(), nativ.current_member_role()
  to authenticated, service_role;
