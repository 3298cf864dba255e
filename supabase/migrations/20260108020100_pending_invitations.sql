-- An invitation into a company is pending until the invitee accepts it (opens the emailed link,
-- which confirms the address and sets end_users.joined_at). While pending it binds nobody: the
-- address may sign up its own company (the server then deletes the invited login, voiding the
-- invitation), the invitee may decline it with the emailed decline token, and it expires.
--
-- One row per pending invitation, beside its end_users row; accepting or removing the member
-- deletes it. The decline token is stored as its SHA-256 (hex); it can do nothing but decline.
-- Server-only: no grants, no row-level security needed.

create table nativ.invitations (
  member_id uuid primary key references public.end_users (id) on delete cascade,
  expires_at timestamptz not null,
  decline_token_hash text not null unique,
  created_at timestamptz not null default now()
);

revoke all on nativ.invitations from public, anon, authenticated, service_role;

-- Invitations sent before this migration: they expire seven days after they were sent and have no
-- decline link (their hash is no SHA-256 hex, so no token matches it).
insert into nativ.invitations (member_id, expires_at, decline_token_hash, created_at)
select e.id, coalesce(e.invited_at, e.created_at) + interval '7 days', 'none:' || e.id::text,
       coalesce(e.invited_at, e.created_at)
from public.end_users e
join auth.users u on u.id = e.auth_user_id
where e.joined_at is null and u.email_confirmed_at is null
  and u.raw_app_meta_data ? 'nativ_company_id'
on conflict (member_id) do nothing;

create or replace function nativ.close_accepted_invitation() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from nativ.invitations where member_id = new.id;
  return null;
end;
$$;

create trigger end_users_close_accepted_invitation
  after update of joined_at on public.end_users
  for each row when (old.joined_at is null and new.joined_at is not null)
  execute function nativ.close_accepted_invitation();
