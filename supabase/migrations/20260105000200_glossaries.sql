-- Stored glossaries: a company's named term lists for a target language, applied to a culturalize
-- call by id. Entries are kept as one jsonb array ([{source, target}], at most 5,000, validated
-- by the API), so replacing them is one atomic write and a culturalize call reads them in one row.

create table public.glossaries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 100 and name = btrim(name)),
  language_code text not null check (
    char_length(language_code) between 1 and 35 and language_code = upper(btrim(language_code))
  ),
  entries jsonb not null default '[]'::jsonb check (jsonb_typeof(entries) = 'array'),
  entry_count integer not null default 0 check (entry_count between 0 and 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index glossaries_user_name_idx on public.glossaries (user_id, lower(name));

alter table public.glossaries enable row level security;
revoke all on public.glossaries from public, anon, authenticated;
grant select (id, user_id, name, language_code, entry_count, created_at, updated_at)
  on public.glossaries to authenticated;
grant all on public.glossaries to service_role;
create policy glossaries_select_company on public.glossaries
  for select to authenticated using (user_id = (select nativ.current_company_id()));
