-- The second factor a session was raised to aal2 with, so unenrolling it ends the other sessions it
-- vouched for and lowers this one back to aal1. Skipped on hosted Supabase (see the auth migration).

do $$ begin
  if to_regclass('auth.schema_migrations') is not null then
    return;
  end if;

  alter table auth.sessions add column if not exists factor_id uuid;
end $$;
