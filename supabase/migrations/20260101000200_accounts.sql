-- Company accounts: one public.users row (company name, credit balance) and one end_users row per
-- auth user, created by a trigger when the auth user is inserted (also on hosted Supabase).

create table if not exists public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  name text check (char_length(name) <= 200),
  credits bigint not null default 0 check (credits >= 0),
  created_at timestamptz not null default now()
);

create table if not exists public.end_users (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.users (id) on delete cascade,
  email text not null unique,
  created_at timestamptz not null default now()
);

alter table public.users enable row level security;
alter table public.end_users enable row level security;

create or replace function public.handle_new_auth_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.users (id, name, credits)
  values (new.id, nullif(trim(new.raw_user_meta_data ->> 'company_name'), ''), 0)
  on conflict (id) do nothing;
  if new.email is not null then
    insert into public.end_users (user_id, email)
    values (new.id, lower(new.email))
    on conflict do nothing;
  end if;
  return new;
end;
$$;

revoke all on function public.handle_new_auth_user() from public, anon, authenticated;

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_auth_user();
