-- What a company's culturalizations take into account besides the text: each language's formality
-- and custom style, style guides and the brand voice. All of it belongs to the company (user_id is
-- the company's id, as everywhere): members read it, owners and admins change it through /api/v1.

alter table public.user_languages_mapping
  add column formality text
    check (formality in ('very_informal', 'informal', 'neutral', 'formal', 'very_formal')),
  add column custom_style text
    check (char_length(custom_style) between 1 and 2000 and custom_style = btrim(custom_style));

create table public.style_guides (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200 and title = btrim(title)),
  content text not null check (char_length(content) between 1 and 20000),
  is_enabled boolean not null default true,
  display_order integer not null default 0 check (display_order between 0 and 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index style_guides_user_order_idx on public.style_guides (user_id, display_order, created_at);

create table public.brand_voices (
  user_id uuid primary key references public.users (id) on delete cascade,
  prompt text not null check (char_length(prompt) between 1 and 10000),
  updated_at timestamptz not null default now()
);

alter table public.style_guides enable row level security;
alter table public.brand_voices enable row level security;
revoke all on public.style_guides, public.brand_voices from public, anon, authenticated;
grant select on public.style_guides, public.brand_voices to authenticated;
grant all on public.style_guides, public.brand_voices to service_role;

create policy style_guides_select_company on public.style_guides
  for select to authenticated using (user_id = (select nativ.current_company_id()));
create policy brand_voices_select_company on public.brand_voices
  for select to authenticated using (user_id = (select nativ.current_company_id()));
