-- A glossary is chosen by name in the dashboard, so two of a company's glossaries may not share a
-- name, whatever the case. Names saved before this rule that collide keep the oldest as it is; the
-- others get a short piece of their id appended so nothing is lost and each can still be told apart.

with ranked as (
  select id, row_number() over (partition by user_id, lower(name) order by created_at, id) as n
  from public.glossaries
)
update public.glossaries g
set name = left(g.name, 89) || ' (' || left(g.id::text, 8) || ')'
from ranked
where ranked.id = g.id and ranked.n > 1;

drop index if exists public.glossaries_user_name_idx;
create unique index glossaries_user_name_key on public.glossaries (user_id, lower(name));
