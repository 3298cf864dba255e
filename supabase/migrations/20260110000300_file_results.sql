-- The last answer for each file of a company (its name is the operation's file_id), under the hash
-- of everything that shaped it: the file's text, its languages, the previous outputs sent, the
-- settings each language was read with and the engine. Sending the same again is answered from
-- here without reading the file (an unchanged file in CI costs 0 and takes well under a second);
-- anything different misses and replaces the row. Written in the transaction that charges the
-- answer. One row per file: at most the latest answer is kept.

create table nativ.file_results (
  company_id uuid not null references public.users (id) on delete cascade,
  file_id text not null check (char_length(file_id) between 1 and 200),
  request_hash text not null check (char_length(request_hash) = 64),
  response jsonb not null check (jsonb_typeof(response) = 'object'),
  created_at timestamptz not null default now(),
  primary key (company_id, file_id)
);

alter table nativ.file_results enable row level security;
create policy file_results_select_company on nativ.file_results
  for select to authenticated using (company_id = (select nativ.current_company_id()));
revoke all on nativ.file_results from public, anon, authenticated;
grant all on nativ.file_results to service_role;
