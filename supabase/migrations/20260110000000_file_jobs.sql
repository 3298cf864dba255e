-- i18n file jobs: POST /api/v1/files/culturalize answers a file over 1 MB with 202 and a job,
-- which a worker (apps/server/src/api/files/file-job-worker.ts) runs from these rows. Durable: a job
-- lives here from its request to its expiry, and a worker that dies mid-way leaves its claim to
-- lapse, after which another (or the restarted server) takes the job over and does only the
-- languages not finished yet. Workers claim with FOR UPDATE SKIP LOCKED, as the webhook sender does.
--
-- Each language is finished in one transaction with its charge (nativ.charge_culturalize, ledger
-- reference "file-job:<job>:<language>"), so a language is charged once or not at all. The
-- job.completed webhook is queued (nativ.enqueue_job_completed) in the transaction that marks the job
-- finished. Rows expire with their results after 7 days.
--
-- In schema nativ: only the server reaches these rows, always for one company; row-level security
-- also keeps every member to their own company's jobs should a grant ever be added.

create table nativ.file_jobs (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.users (id) on delete cascade,
  -- Who asked, as the charge records it: {api_key_id, member_email, app_name, auth_user_id, member_id}
  principal jsonb not null check (jsonb_typeof(principal) = 'object'),
  -- The request without the file: filename, format, languages (resolved), options, existing outputs.
  request jsonb not null check (jsonb_typeof(request) = 'object'),
  content text not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed')),
  -- How far the job is, 0–100: finished languages plus the share done of the one in progress.
  percent smallint not null default 0 check (percent between 0 and 100),
  attempts integer not null default 0 check (attempts >= 0),
  claimed_until timestamptz,
  error jsonb,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  expires_at timestamptz not null default now() + interval '7 days'
);
create index file_jobs_due_idx on nativ.file_jobs (created_at) where status in ('queued', 'running');
create index file_jobs_company_idx on nativ.file_jobs (company_id, created_at desc);
create index file_jobs_expires_idx on nativ.file_jobs (expires_at);

create table nativ.file_job_files (
  job_id uuid not null references nativ.file_jobs (id) on delete cascade,
  company_id uuid not null references public.users (id) on delete cascade,
  position smallint not null check (position >= 0),
  language_code text not null check (char_length(language_code) between 1 and 35),
  language text not null check (char_length(language) between 1 and 100),
  status text not null default 'pending' check (status in ('pending', 'completed', 'failed')),
  -- The language's answer without its content: filename, counts, cost, warnings.
  result jsonb,
  content text,
  error jsonb,
  primary key (job_id, language_code)
);
create index file_job_files_company_idx on nativ.file_job_files (company_id);

alter table nativ.file_jobs enable row level security;
alter table nativ.file_job_files enable row level security;
create policy file_jobs_select_company on nativ.file_jobs
  for select to authenticated using (company_id = (select nativ.current_company_id()));
create policy file_job_files_select_company on nativ.file_job_files
  for select to authenticated using (company_id = (select nativ.current_company_id()));

revoke all on nativ.file_jobs, nativ.file_job_files from public, anon, authenticated;
grant all on nativ.file_jobs, nativ.file_job_files to service_role;
