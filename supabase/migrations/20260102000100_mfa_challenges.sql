-- Challenges of a second factor: created by POST /factors/{id}/challenge, used once by
-- POST /factors/{id}/verify within five minutes. Skipped on hosted Supabase (see the auth migration).

do $$ begin
  if to_regclass('auth.schema_migrations') is not null then
    return;
  end if;

  create table if not exists auth.mfa_challenges (
    id uuid primary key default gen_random_uuid(),
    factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
    ip_address text not null,
    created_at timestamptz not null default now(),
    verified_at timestamptz
  );
  create index if not exists mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);

  revoke all on auth.mfa_challenges from public, anon, authenticated;
end $$;
