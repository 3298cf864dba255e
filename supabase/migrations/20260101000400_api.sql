-- Product API: stored answers of culturalize requests sent with an Idempotency-Key, so a retry
-- returns the first result and is charged once. Server-side only (schema nativ is not exposed).

create table if not exists nativ.idempotent_requests (
  user_id uuid not null references public.users (id) on delete cascade,
  idempotency_key text not null check (char_length(idempotency_key) between 1 and 255),
  request_hash text not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, idempotency_key)
);

create index if not exists idempotent_requests_created_idx on nativ.idempotent_requests (created_at);
