-- An Idempotency-Key is claimed before its request runs, so sends of one key that overlap share one
-- outcome: a row without a status is a claim in progress (its attempt id names the send that runs
-- it); status and response hold the answer every other send of the key gets.

alter table nativ.idempotent_requests
  alter column response drop not null,
  add column status smallint check (status between 200 and 599),
  add column attempt uuid not null default gen_random_uuid();

-- Every answer stored before claims existed was a success.
update nativ.idempotent_requests set status = 200 where status is null;

alter table nativ.idempotent_requests
  add constraint idempotent_requests_outcome_check check ((status is null) = (response is null));
