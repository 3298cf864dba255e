-- Fuzzy search over a large translation memory runs in the server's memory (api/translation-memory/
-- tm-search-index.ts): the trigram index walks the posting lists of a query's trigrams, and with
-- 100,000 entries of one language pair that is ~15 ms of PostgreSQL's time per search, where the
-- server answers from its own index in ~1 ms. The database stays the truth. A replica loads a
-- company's entries once, with their trigrams as pg_trgm computes them, and before each search asks
-- what changed since the snapshot it last read, in one indexed statement:
--
-- * every write to an entry records the writing transaction's id (xid8, which never wraps) here;
-- * a change is new to a replica when its transaction was not visible in the replica's last
--   snapshot. A transaction still running then is caught once it commits, whatever order
--   transactions commit in, which a sequence number or a timestamp would not promise;
-- * a deleted entry keeps its row here, so a replica learns of the deletion.
--
-- Rows older than a day are pruned; a replica that has not read changes for 12 hours loads again.

create table nativ.tm_entry_changes (
  entry_id uuid primary key,
  user_id uuid not null,
  change_xid xid8 not null,
  changed_at timestamptz not null default now()
);
create index tm_entry_changes_company_idx on nativ.tm_entry_changes (user_id, change_xid);
create index tm_entry_changes_changed_at_idx on nativ.tm_entry_changes (changed_at);

alter table nativ.tm_entry_changes enable row level security;
revoke all on nativ.tm_entry_changes from public, anon, authenticated;
grant all on nativ.tm_entry_changes to service_role;

-- One statement's entries at once (an import of 100,000 is one insert here, not 100,000).
create function nativ.tm_record_changes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into nativ.tm_entry_changes (entry_id, user_id, change_xid)
  select c.id, c.user_id, pg_current_xact_id() from changed c
  on conflict (entry_id) do update
    set user_id = excluded.user_id, change_xid = excluded.change_xid, changed_at = now();
  delete from nativ.tm_entry_changes where changed_at < now() - interval '1 day';
  return null;
end;
$$;
-- PostgreSQL allows transition tables only on single-event triggers, hence three.
create trigger tm_entries_inserted after insert on public.tm_entries
  referencing new table as changed for each statement execute function nativ.tm_record_changes();
create trigger tm_entries_updated after update on public.tm_entries
  referencing new table as changed for each statement execute function nativ.tm_record_changes();
create trigger tm_entries_deleted after delete on public.tm_entries
  referencing old table as changed for each statement execute function nativ.tm_record_changes();

-- What the in-memory index keeps of an entry, as JSON: its trigrams (pg_trgm's own, so that a
-- similarity computed from them is pg_trgm's similarity), its language tags as compared, and what
-- orders matches. `updated_us` is microseconds since 1970, exact in a double.
create function nativ.tm_index_entry(t public.tm_entries) returns json
language sql stable as $$
  select json_build_object('id', t.id, 'text', t.source_text,
    'trigrams', extensions.show_trgm(t.source_text), 'enabled', t.enabled,
    'source', nativ.tm_language_tag(t.source_language_code),
    'target', nativ.tm_language_tag(t.target_language_code), 'priority', t.priority,
    'updated_us', floor(extract(epoch from t.updated_at) * 1000000))
$$;

-- A company's entries in pages, newest first (the index on user_id, created_at, id serves it).
create function nativ.tm_index_page(
  p_company uuid,
  p_after_created timestamptz,
  p_after_id uuid,
  p_limit integer
) returns table (entry json, created_at timestamptz, id uuid)
language sql stable as $$
  select nativ.tm_index_entry(t), t.created_at, t.id
  from public.tm_entries t
  where t.user_id = p_company
    and (p_after_created is null or (t.created_at, t.id) < (p_after_created, p_after_id))
  order by t.created_at desc, t.id desc
  limit p_limit
$$;

-- Before a search: the statement's snapshot, the query's trigrams and language tags, and the
-- entries written since p_since (a snapshot this returned before); a deleted entry comes back as
-- its id alone. STABLE, so the snapshot it returns is the one its reads saw.
create function nativ.tm_index_sync(
  p_company uuid,
  p_since text,
  p_query text,
  p_source text,
  p_target text
) returns table (
  snapshot text,
  query_trigrams text[],
  source_tag text,
  target_tag text,
  changes json
)
language sql stable as $$
  select pg_current_snapshot()::text, extensions.show_trgm(p_query), nativ.tm_language_tag(p_source),
    nativ.tm_language_tag(p_target),
    coalesce((
      select json_agg(case when t.id is null then json_build_object('id', c.entry_id)
        else nativ.tm_index_entry(t) end)
      from nativ.tm_entry_changes c
      left join public.tm_entries t on t.id = c.entry_id
      where c.user_id = p_company
        and c.change_xid >= pg_snapshot_xmin(p_since::pg_snapshot)
        and not pg_visible_in_snapshot(c.change_xid, p_since::pg_snapshot)
    ), '[]'::json)
$$;

-- The matches the index chose, as a search answers them (similarity and sameness computed here).
create function nativ.tm_search_rows(p_company uuid, p_ids uuid[], p_query text)
returns table (
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
  where t.user_id = p_company and t.id = any(p_ids)
$$;

revoke all on function nativ.tm_record_changes(), nativ.tm_index_entry(public.tm_entries),
  nativ.tm_index_page(uuid, timestamptz, uuid, integer),
  nativ.tm_index_sync(uuid, text, text, text, text),
  nativ.tm_search_rows(uuid, uuid[], text)
  from public, anon, authenticated;
grant execute on function nativ.tm_index_entry(public.tm_entries),
  nativ.tm_index_page(uuid, timestamptz, uuid, integer),
  nativ.tm_index_sync(uuid, text, text, text, text),
  nativ.tm_search_rows(uuid, uuid[], text)
  to service_role;
