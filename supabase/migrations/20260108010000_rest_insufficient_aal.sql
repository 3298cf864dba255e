-- Two-factor on /rest/v1: a password-only (aal1) access token of an account with a verified second
-- factor is refused, as on every other protocol (apps/server/src/auth/aal.ts).
--
-- The REST request's settings statement (apps/server/src/rest/request-script.ts) looks for a
-- verified factor only when the token is a user's and not aal2, and calls this function only when
-- it finds one: raising is the only way for that statement to stop the statements after it in the
-- same message, and a PL/pgSQL call on every request would cost more than the lookup itself. The
-- server answers SQLSTATE NAAL2 with 403 insufficient_aal; the message here is never sent.

create or replace function nativ.refuse_insufficient_aal() returns boolean
language plpgsql volatile as $$
begin
  raise exception using errcode = 'NAAL2',
    message = 'insufficient_aal: this session has not passed two-factor authentication';
end;
$$;

revoke all on function nativ.refuse_insufficient_aal() from public, anon, authenticated, service_role;
