-- What source text produced each key of a file's last translation, per company, file (its name,
-- the operation's file_id) and target language: {key: sha256 of the source, 16 hex digits}.
-- POST /api/v1/files/culturalize reads it when the caller sends its previous outputs (`existing`):
-- a key whose source is the one recorded keeps the translation in the previous output (a person's
-- edit survives), a key whose source changed is translated again (docs/files.md). Written in the
-- transaction that charges the language, so it never describes a translation that was not made.

create table nativ.file_sources (
  company_id uuid not null references public.users (id) on delete cascade,
  file_id text not null check (char_length(file_id) between 1 and 200),
  language_code text not null check (char_length(language_code) between 1 and 35),
  sources jsonb not null check (jsonb_typeof(sources) = 'object'),
  updated_at timestamptz not null default now(),
  primary key (company_id, file_id, language_code)
);

alter table nativ.file_sources enable row level security;
create policy file_sources_select_company on nativ.file_sources
  for select to authenticated using (company_id = (select nativ.current_company_id()));
revoke all on nativ.file_sources from public, anon, authenticated;
grant all on nativ.file_sources to service_role;
