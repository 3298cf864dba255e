-- Connect: the OAuth 2.1 authorization server's storage. oidc-provider keeps every artefact —
-- clients registered dynamically, grants, authorization and device codes, access and refresh
-- tokens, interactions and its short sessions — as a model name, an id and a JSON payload; the
-- columns beside the payload are its look-ups: by grant (revoking a grant ends all its tokens), by
-- device user code, by session uid, and by account (the approving member, end_users.id), so that
-- removing a member ends every app's access. Rows past expires_at are dead (find ignores them) and
-- swept. Never served over /rest/v1: the Connected apps tab reads it through /api/v1.
create table if not exists nativ.oauth_records (
  model text not null check (char_length(model) between 1 and 40),
  id text not null check (char_length(id) between 1 and 200),
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  account_id text,
  client_id text,
  expires_at timestamptz,
  consumed_at timestamptz,
  -- On grants: when one of its access tokens was last used (written at most once a minute).
  last_used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (model, id)
);

create index if not exists oauth_records_grant_id_idx on nativ.oauth_records (grant_id)
  where grant_id is not null;
create unique index if not exists oauth_records_user_code_idx on nativ.oauth_records (user_code)
  where model = 'DeviceCode' and user_code is not null;
create index if not exists oauth_records_uid_idx on nativ.oauth_records (uid)
  where model = 'Session' and uid is not null;
create index if not exists oauth_records_account_idx on nativ.oauth_records (account_id)
  where account_id is not null;
create index if not exists oauth_records_expires_idx on nativ.oauth_records (expires_at)
  where expires_at is not null;

revoke all on nativ.oauth_records from public, anon, authenticated;

-- The keys that sign ID tokens (an app asking for `openid`), made once and shared by replicas.
create table if not exists nativ.oauth_signing_keys (
  kid text primary key,
  jwk jsonb not null,
  created_at timestamptz not null default now()
);
revoke all on nativ.oauth_signing_keys from public, anon, authenticated;

-- A removed member's apps lose their access with the membership, whatever removed it.
create or replace function nativ.revoke_oauth_of_removed_member() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from nativ.oauth_records where account_id = old.id::text;
  return old;
end $$;

drop trigger if exists end_users_revoke_oauth on public.end_users;
create trigger end_users_revoke_oauth after delete on public.end_users
  for each row execute function nativ.revoke_oauth_of_removed_member();
