-- A Good rating keeps a pair in the translation memory only when its words were translated: a
-- result the offline engine produced (it keeps the words and adapts only numbers, dates, units and
-- quotation marks) is not a translation, and kept as one it would answer the next request with
-- the source text. The server records which engine produced each answer it keeps for exact repeats
-- (nativ.culturalize_memory.answer ->> 'engine'); a rated result that is such an offline answer of
-- the company is recorded as feedback but kept out of the memory. Any other result — a model's, or
-- one a person wrote or edited — is kept as before. The rule lives in the trigger, so the
-- dashboard's REST insert and the API's POST /text/feedback obey it alike.

create index if not exists culturalize_memory_offline_idx
  on nativ.culturalize_memory (user_id, md5(answer ->> 'translated_text'))
  where answer ->> 'engine' = 'offline';

create or replace function nativ.keep_approved_feedback() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.approved is true and not exists (
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
