-- Creates what a hosted Supabase project already provides, and only where it is missing:
-- the roles anon, authenticated and service_role, schema auth with auth.users, and the helper
-- functions auth.uid(), auth.role(), auth.email() and auth.jwt(). On hosted Supabase every
-- statement below finds its object present and does nothing.

do $$ begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
exception when duplicate_object or unique_violation then null;
end $$;

do $$ begin
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
exception when duplicate_object or unique_violation then null;
end $$;

do $$ begin
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
exception when duplicate_object or unique_violation then null;
end $$;

-- The server connects as its own login role and switches with SET LOCAL ROLE per request.
do $$ begin
  execute format('grant anon, authenticated, service_role to %I', current_user);
exception when others then null;
end $$;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);

do $$ begin
  if not exists (select from pg_indexes where schemaname = 'auth' and indexname = 'users_email_key_nativ')
     and not exists (
       select from pg_indexes where schemaname = 'auth' and tablename = 'users' and indexdef ilike '%unique%(email)%'
     ) then
    create unique index users_email_key_nativ on auth.users (lower(email));
  end if;
end $$;

do $$ begin
  if not exists (
    select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'auth' and p.proname = 'jwt'
  ) then
    create function auth.jwt() returns jsonb language sql stable as $f$
      select coalesce(
        nullif(current_setting('request.jwt.claim', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')
      )::jsonb
    $f$;
  end if;
end $$;

do $$ begin
  if not exists (
    select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'auth' and p.proname = 'uid'
  ) then
    create function auth.uid() returns uuid language sql stable as $f$
      select coalesce(
        nullif(current_setting('request.jwt.claim.sub', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
      )::uuid
    $f$;
  end if;
end $$;

do $$ begin
  if not exists (
    select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'auth' and p.proname = 'role'
  ) then
    create function auth.role() returns text language sql stable as $f$
      select coalesce(
        nullif(current_setting('request.jwt.claim.role', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
      )::text
    $f$;
  end if;
end $$;

do $$ begin
  if not exists (
    select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'auth' and p.proname = 'email'
  ) then
    create function auth.email() returns text language sql stable as $f$
      select coalesce(
        nullif(current_setting('request.jwt.claim.email', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'
      )::text
    $f$;
  end if;
end $$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;
