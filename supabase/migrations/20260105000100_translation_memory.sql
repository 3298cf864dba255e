-- Translation memory: approved source/target pairs a company reuses. Fuzzy search ranks entries by
-- pg_trgm similarity (shipped by PostgreSQL's contrib and by PGlite) through a trigram GIN index,
-- so a search stays fast at 100,000 entries. Language codes are stored lower-case ("en", "pt-br")
-- so that "EN" and "en" are one language. The extension lives in its own schema, out of the REST
-- API's reach.

create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;
grant usage on schema extensions to service_role;

create table public.tm_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  source_language_code text not null check (
    char_length(source_language_code) between 1 and 35 and source_language_code = lower(btrim(source_language_code))
  ),
  target_language_code text not null check (
    char_length(target_language_code) between 1 and 35 and target_language_code = lower(btrim(target_language_code))
  ),
  source_text text not null check (char_length(source_text) between 1 and 20000),
  target_text text not null check (char_length(target_text) between 1 and 50000),
  information_source text not null default 'manual'
    check (information_source in ('manual', 'approved', 'user_glossary', 'import')),
  source_name text check (char_length(source_name) between 1 and 200),
  enabled boolean not null default true,
  priority smallint not null default 50 check (priority between 0 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index tm_entries_user_created_idx on public.tm_entries (user_id, created_at desc, id);
create index tm_entries_source_trgm_idx
  on public.tm_entries using gin (source_text extensions.gin_trgm_ops);
-- exact lookups (a text's own entry) without indexing texts of up to 20,000 characters
create index tm_entries_exact_idx
  on public.tm_entries (user_id, source_language_code, target_language_code, md5(source_text));

alter table public.tm_entries enable row level security;
revoke all on public.tm_entries from public, anon, authenticated;
grant select on public.tm_entries to authenticated;
grant all on public.tm_entries to service_role;
create policy tm_entries_select_company on public.tm_entries
  for select to authenticated using (user_id = (select nativ.current_company_id()));

-- A Good rating in the Playground keeps the pair as an approved entry, in the language's code from
-- the company's list (a rating for a language no longer listed keeps nothing). The Playground
-- culturalizes from English.
create or replace function nativ.keep_approved_feedback() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.approved is true then
    insert into public.tm_entries (user_id, source_language_code, target_language_code, source_text,
      target_text, information_source, source_name)
    select new.user_id, 'en', lower(m.language_code), left(new.source, 20000), left(new.result, 50000),
      'approved', 'Playground rating'
    from public.user_languages_mapping m
    where m.user_id = new.user_id and m.language = new.language
      and char_length(btrim(new.source)) > 0 and char_length(btrim(new.result)) > 0
      and not exists (
        select 1 from public.tm_entries t
        where t.user_id = new.user_id and t.source_language_code = 'en'
          and t.target_language_code = lower(m.language_code)
          and md5(t.source_text) = md5(left(new.source, 20000)) and t.target_text = left(new.result, 50000)
      )
    limit 1;
  end if;
  return new;
end;
$$;
create trigger user_feedback_keep_approved after insert on public.user_feedback
  for each row execute function nativ.keep_approved_feedback();

-- Free repeats: the answer to a culturalization, kept under a hash of everything that shaped it
-- (text, language, options, glossary, style, engine), so that an exact repeat within 90 days is
-- answered from memory at no cost.
create table nativ.culturalize_memory (
  user_id uuid not null references public.users (id) on delete cascade,
  request_hash text not null check (char_length(request_hash) = 64),
  answer jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, request_hash)
);
create index culturalize_memory_created_idx on nativ.culturalize_memory (created_at);
