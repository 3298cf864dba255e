-- A Good rating of a result identical to its source is kept as feedback but not in the translation
-- memory: it translates nothing, whichever engine produced it. This also covers offline answers
-- the server does not remember for repeats (a batch's items, an answer older than its memory),
-- which nativ.culturalize_memory cannot vouch for; only the words' equality decides here.
create or replace function nativ.keep_approved_feedback() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.approved is true and btrim(new.result) is distinct from btrim(new.source) and not exists (
    select 1 from nativ.culturalize_memory c
    where c.user_id = new.user_id and c.answer ->> 'engine' = 'offline'
      and md5(c.answer ->> 'translated_text') = md5(new.result)
      and c.answer ->> 'translated_text' = new.result
  ) then
    insert into public.tm_entries (user_id, source_language_code, target_language_code, source_text,
      target_text, information_source, source_name)
    select new.user_id, 'en', lower(m.language_code), left(new.source, 20000), left(new.result, 50000),
      'approved', 'Playground rating'
    from public.user_languages_mapping m
    where m.user_id = new.user_id and m.language = new.language
      and char_length(btrim(new.source)) > 0 and char_length(btrim(new.result)) > 0
      and not exists (
        select 1 from public.tm_entries t
        where t.user_id = new.user_id and t.source_language_code = 'en'
          and t.target_language_code = lower(m.language_code)
          and md5(t.source_text) = md5(left(new.source, 20000)) and t.target_text = left(new.result, 50000)
      )
    limit 1;
  end if;
  return new;
end;
$$;

revoke all on function nativ.keep_approved_feedback() from public, anon, authenticated;
