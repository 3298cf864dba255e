-- The six-digit code in reset, magic-link, sign-up and invitation emails dies after 5 wrong
-- guesses (apps/server/src/auth/email-tokens.ts): without a cap, the per-address rate limit alone
-- let a guesser who knows only the address take the account over (about 4 % a day at 30 guesses a
-- minute). The count lives on the token, so it is per user and type whatever the guesser's
-- address; a new email replaces the token and starts again at 0. The link in the same email is
-- not guessable and keeps working. Skipped on hosted Supabase, whose Supabase Auth owns schema auth.

do $$ begin
  if to_regclass('auth.schema_migrations') is not null then
    return;
  end if;

  alter table auth.one_time_tokens
    add column if not exists failed_attempts integer not null default 0;
  -- A wrong code is looked up by address: the user's live tokens, to count the miss on.
  create index if not exists one_time_tokens_relates_to_idx on auth.one_time_tokens (relates_to);
end $$;
