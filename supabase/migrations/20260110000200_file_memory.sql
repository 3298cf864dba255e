-- The files API's memory of translated strings, so a string translated before with the same
-- settings — in this file or another — is free. One row per company, settings (the target language,
-- its formality, style and glossary, the request's context and the engine, hashed) and file, holding
-- {hash of the text: translation} for every string the file has had translated with them; a run
-- merges its strings into its file's row. A file writes thousands of strings at once: one row per
-- string (as nativ.culturalize_memory keeps single answers) took over a second per 10,000 on PGlite,
-- one row per file a few milliseconds. Rows not written for 90 days are forgotten, as answers are.

create table nativ.file_memory (
  company_id uuid not null references public.users (id) on delete cascade,
  settings_hash text not null check (char_length(settings_hash) = 64),
  file_id text not null check (char_length(file_id) between 1 and 200),
  strings jsonb not null check (jsonb_typeof(strings) = 'object'),
  updated_at timestamptz not null default now(),
  primary key (company_id, settings_hash, file_id)
);
create index file_memory_updated_idx on nativ.file_memory (updated_at);

alter table nativ.file_memory enable row level security;
create policy file_memory_select_company on nativ.file_memory
  for select to authenticated using (company_id = (select nativ.current_company_id()));
revoke all on nativ.file_memory from public, anon, authenticated;
grant all on nativ.file_memory to service_role;
