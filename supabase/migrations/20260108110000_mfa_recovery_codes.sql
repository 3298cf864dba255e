-- Two-factor recovery codes: ten single-use codes per account, each usable once instead of an
-- authenticator code. Only an HMAC-SHA-256 of each code is kept (keyed by a key derived from the
-- JWT secret), never the code. In schema auth, which /rest/v1 never serves. Skipped on hosted
-- Supabase, whose Supabase Auth owns schema auth.

do $$ begin
  if to_regclass('auth.schema_migrations') is not null then
    return;
  end if;

  create table if not exists auth.mfa_recovery_codes (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users (id) on delete cascade,
    code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
    created_at timestamptz not null default now(),
    used_at timestamptz
  );
  create index if not exists mfa_recovery_codes_user_id_idx on auth.mfa_recovery_codes (user_id);

  revoke all on auth.mfa_recovery_codes from public, anon, authenticated;
end $$;
