-- Second factors (TOTP) of the accounts service, in schema auth so /rest/v1 (schema public only)
-- never serves them. The TOTP secret is stored encrypted (AES-256-GCM under a key derived from the
-- JWT secret), never in clear. Skipped on hosted Supabase, whose Supabase Auth owns schema auth.

do $$ begin
  if to_regclass('auth.schema_migrations') is not null then
    return;
  end if;

  create table if not exists auth.mfa_factors (
    id uuid primary key,
    user_id uuid not null references auth.users (id) on delete cascade,
    friendly_name text not null default '',
    factor_type text not null default 'totp' check (factor_type in ('totp')),
    status text not null default 'unverified' check (status in ('unverified', 'verified')),
    -- "iv.ciphertext.tag", base64url; the user id is the authenticated data, so a row cannot be
    -- moved to another user.
    secret text not null,
    -- The RFC 6238 time step of the last accepted code: a code is never accepted twice.
    last_used_step bigint,
    last_challenged_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
  create unique index if not exists mfa_factors_user_friendly_name_idx
    on auth.mfa_factors (user_id, friendly_name) where friendly_name <> '';

  revoke all on auth.mfa_factors from public, anon, authenticated;
end $$;
