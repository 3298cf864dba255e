-- Who did it: each operation records the member who made it (directly or through one of their API
-- keys), each API key its creator, each payment the member who started it. Emails are kept as
-- written at the time, so history still names a member after they are removed.

alter table public.operations add column if not exists member_email text
  check (char_length(member_email) <= 320);
create index if not exists operations_user_member_created_idx
  on public.operations (user_id, member_email, created_at desc);

alter table public.api_keys
  add column if not exists created_by uuid references public.end_users (id) on delete set null,
  add column if not exists created_by_email text check (char_length(created_by_email) <= 320);
create index if not exists api_keys_created_by_idx on public.api_keys (created_by)
  where created_by is not null;

alter table public.payments add column if not exists member_email text
  check (char_length(member_email) <= 320);

-- Until now each company had one person, its founder (whose auth user id is the company id).
update public.operations o set member_email = e.email
from public.end_users e where e.auth_user_id = o.user_id and o.member_email is null;
update public.api_keys k set created_by = e.id, created_by_email = e.email
from public.end_users e where e.auth_user_id = k.user_id and k.created_by is null;
update public.payments p set member_email = e.email
from public.end_users e where e.auth_user_id = p.user_id and p.member_email is null;
