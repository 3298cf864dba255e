-- The accounts service's own tables: sessions, refresh tokens (rotated parent → child), one-time
-- email tokens and email identities in schema auth, and the mail outbox in schema nativ (never in
-- public, which the REST layer exposes).
--
-- On a hosted Supabase project, Supabase Auth owns schema auth (it records its own migrations in
-- auth.schema_migrations) and our server does not serve /auth/v1, so everything in schema auth is
-- skipped there; the statements are also `if not exists` so they never clash with its tables.
-- Secrets are never stored: refresh tokens and email tokens are kept as SHA-256 hashes only.

do $$ begin
  if to_regclass('auth.schema_migrations') is not null then
    return;
  end if;

  create table if not exists auth.sessions (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users (id) on delete cascade,
    aal text not null default 'aal1',
    -- [{method, timestamp}] of how the session was signed in, copied into each access token.
    amr jsonb not null default '[]'::jsonb,
    user_agent text,
    ip text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    refreshed_at timestamptz
  );
  create index if not exists sessions_user_id_idx on auth.sessions (user_id);

  create table if not exists auth.refresh_tokens (
    id bigserial primary key,
    session_id uuid not null references auth.sessions (id) on delete cascade,
    user_id uuid not null references auth.users (id) on delete cascade,
    -- sha256 of the token; the token itself is an HMAC of `salt` under a key derived from the JWT
    -- secret, so the server alone can hand the active token back to a client that lost it.
    token_hash text not null unique,
    salt text not null,
    parent_id bigint references auth.refresh_tokens (id) on delete cascade,
    revoked boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
  create index if not exists refresh_tokens_parent_id_idx on auth.refresh_tokens (parent_id);

  create table if not exists auth.one_time_tokens (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users (id) on delete cascade,
    token_type text not null check (token_type in ('signup', 'invite', 'recovery', 'magiclink')),
    -- sha256 of the link token, and sha256 of "<email>:<6-digit code>" for {email, token} verify.
    token_hash text not null unique,
    otp_hash text not null,
    relates_to text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    unique (user_id, token_type)
  );
  create index if not exists one_time_tokens_otp_hash_idx on auth.one_time_tokens (otp_hash);

  create table if not exists auth.identities (
    id uuid primary key default gen_random_uuid(),
    provider_id text not null,
    user_id uuid not null references auth.users (id) on delete cascade,
    provider text not null default 'email',
    last_sign_in_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (provider_id, provider)
  );
  create index if not exists identities_user_id_idx on auth.identities (user_id);

  revoke all on auth.sessions, auth.refresh_tokens, auth.one_time_tokens, auth.identities
    from public, anon, authenticated;
  revoke all on sequence auth.refresh_tokens_id_seq from public, anon, authenticated;
end $$;

create schema if not exists nativ;

create table if not exists nativ.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  -- clock_timestamp(), not now(): several messages sent in one transaction keep their order.
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists mail_outbox_created_at_idx on nativ.mail_outbox (created_at desc);
create index if not exists mail_outbox_to_idx on nativ.mail_outbox (lower(to_address));
