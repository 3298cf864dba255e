-- Fuzzy translation-memory search in one statement with a plan kept per connection, and a bounded
-- pending list on the trigram index.
--
-- Inserts into a GIN index go to a pending list first and are merged into the index in bulk; every
-- search scans that list row by row. At the default 4 MB a 100,000-entry import leaves ~140 pages
-- (~1,500 entries) unmerged until autovacuum runs (never, on PGlite), which cost ~12 % of each
-- search. At 256 kB a search scans at most ~30 pages; a bulk insert of 100,000 entries costs ~40 %
-- more CPU than at 4 MB, where turning the list off (fastupdate = off) cost 4.6× (measured on
-- PostgreSQL 15: 6.0 / 8.3 / 27.7 s of backend CPU). Single-row inserts cost the same.
alter index public.tm_entries_source_trgm_idx set (gin_pending_list_limit = 256);

-- The company's enabled entries in the language pair whose source text is like p_query (pg_trgm's
-- `%` at the threshold in force), best first. One SELECT in a STABLE SQL function: PostgreSQL
-- inlines it into its caller, so `explain select * from nativ.tm_fuzzy_matches(…)` shows the
-- plan a search runs (a bitmap scan of tm_entries_source_trgm_idx).
create function nativ.tm_fuzzy_matches(
  p_company uuid,
  p_query text,
  p_source text,
  p_target text,
  p_limit integer
) returns table (
  tm_id text,
  source_text text,
  target_text text,
  target_language_code text,
  information_source text,
  source_name text,
  similarity real,
  same boolean
)
language sql stable as $$
  select t.id::text, t.source_text, t.target_text, t.target_language_code, t.information_source,
    t.source_name, extensions.similarity(t.source_text, p_query), t.source_text = p_query
  from public.tm_entries t
  where t.user_id = p_company and t.enabled
    and t.source_language_code = p_source
    and (p_target is null or t.target_language_code = p_target)
    and t.source_text operator(extensions.%) p_query
  order by 8 desc, 7 desc, t.priority desc, t.updated_at desc
  limit p_limit
$$;

-- The search itself: sets the similarity threshold for the rest of the calling statement's
-- transaction (the trigram index serves `%` at that threshold), then runs the query above. One
-- round trip instead of four (begin, set, select, commit), and PL/pgSQL keeps the query's plan
-- per connection instead of planning it on every search.
create function nativ.tm_fuzzy_search(
  p_company uuid,
  p_query text,
  p_source text,
  p_target text,
  p_threshold double precision,
  p_limit integer
) returns table (
  tm_id text,
  source_text text,
  target_text text,
  target_language_code text,
  information_source text,
  source_name text,
  similarity real,
  same boolean
)
language plpgsql as $$
begin
  perform set_config('pg_trgm.similarity_threshold', p_threshold::text, true);
  return query select * from nativ.tm_fuzzy_matches(p_company, p_query, p_source, p_target, p_limit);
end;
$$;

revoke all on function nativ.tm_fuzzy_matches(uuid, text, text, text, integer),
  nativ.tm_fuzzy_search(uuid, text, text, text, double precision, integer)
  from public, anon, authenticated;
grant execute on function nativ.tm_fuzzy_matches(uuid, text, text, text, integer),
  nativ.tm_fuzzy_search(uuid, text, text, text, double precision, integer) to service_role;
