-- Connect: an operation made by a connected app (an OAuth token) names the app beside the member
-- who approved it, as its name read when the operation was made.
alter table public.operations add column if not exists app_name text
  check (app_name is null or char_length(app_name) between 1 and 200);
