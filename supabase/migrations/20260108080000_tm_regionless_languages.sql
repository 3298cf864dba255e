-- Region-less language matching in translation-memory search. Nativ's SDK README adds an entry for
-- fr-FR and then searches with target_lang=fr: a code without a region stands for every region of
-- the language. A code with a region keeps its own entries and falls back to the plain language's
-- (fr-FR finds fr-FR and fr, never fr-CA). Codes compare without regard to case, and `_` counts as
-- `-` (pt_BR is pt-BR); entries are stored lower-case, queries may not be.

-- A language code as compared: lower-case, `-` between its parts. Inlined by the planner.
create or replace function nativ.tm_language_tag(p_code text) returns text
language sql immutable parallel safe as $$
  select replace(lower(btrim(p_code)), '_', '-')
$$;

-- Whether an entry's code serves a wanted one: the same code, the wanted code's plain language
-- (fr for fr-FR), or, for a wanted plain language, any of its regions (fr-FR and fr-CA for fr).
create or replace function nativ.tm_language_fits(p_entry text, p_wanted text) returns boolean
language sql immutable parallel safe as $$
  select nativ.tm_language_tag(p_entry) = nativ.tm_language_tag(p_wanted)
    or nativ.tm_language_tag(p_entry) = split_part(nativ.tm_language_tag(p_wanted), '-', 1)
    or starts_with(nativ.tm_language_tag(p_entry), nativ.tm_language_tag(p_wanted) || '-')
$$;

-- As before (one SELECT, inlined into its caller, the trigram index finding the candidates), with
-- the languages matched as above. Order: the same text first, then entries in exactly the asked
-- codes (fr-FR's own before plain fr ones), then similarity, priority and recency.
create or replace function nativ.tm_fuzzy_matches(
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
    and nativ.tm_language_fits(t.source_language_code, p_source)
    and (p_target is null or nativ.tm_language_fits(t.target_language_code, p_target))
    and t.source_text operator(extensions.%) p_query
  order by 8 desc,
    (nativ.tm_language_tag(t.source_language_code) = nativ.tm_language_tag(p_source))::int
      + (p_target is null or nativ.tm_language_tag(t.target_language_code) = nativ.tm_language_tag(p_target))::int desc,
    7 desc, t.priority desc, t.updated_at desc
  limit p_limit
$$;

revoke all on function nativ.tm_language_tag(text), nativ.tm_language_fits(text, text)
  from public, anon, authenticated;
grant execute on function nativ.tm_language_tag(text), nativ.tm_language_fits(text, text)
  to service_role;
