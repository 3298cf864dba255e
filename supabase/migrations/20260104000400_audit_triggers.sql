-- Events recorded where they happen, so a change through any door is logged: languages (changed
-- over /rest/v1), password changes and email confirmation of an invited member (auth.users), second
-- factors (auth.mfa_factors) and purchases (the credit ledger). The server records the rest
-- (members and API keys) in the same transaction as the change.

create or replace function nativ.audit_language_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  row_ public.user_languages_mapping := case when tg_op = 'DELETE' then old else new end;
begin
  -- Deleting the company deletes its languages (and its log) too: nothing to record.
  if not exists (select from public.users u where u.id = row_.user_id) then
    return null;
  end if;
  perform nativ.record_audit_event(
    row_.user_id, (select auth.uid()),
    case when tg_op = 'DELETE' then 'language.deleted' else 'language.added' end,
    row_.language, jsonb_build_object('language_code', row_.language_code)
  );
  return null;
end;
$$;
drop trigger if exists audit_language_change on public.user_languages_mapping;
create trigger audit_language_change after insert or delete on public.user_languages_mapping
  for each row execute function nativ.audit_language_change();

create or replace function nativ.audit_auth_user_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  member public.end_users;
begin
  select * into member from public.end_users e where e.auth_user_id = new.id;
  if not found then
    return null;
  end if;
  if old.email_confirmed_at is null and new.email_confirmed_at is not null
     and member.joined_at is null then
    update public.end_users set joined_at = new.email_confirmed_at where id = member.id;
    perform nativ.record_audit_event(member.user_id, new.id, 'member.joined', member.email,
      jsonb_build_object('role', member.role));
  end if;
  -- A first password (after an invitation) is not a change.
  if old.encrypted_password is not null and new.encrypted_password is not null
     and old.encrypted_password is distinct from new.encrypted_password then
    perform nativ.record_audit_event(member.user_id, new.id, 'password.changed', member.email);
  end if;
  return null;
end;
$$;
drop trigger if exists audit_auth_user_change on auth.users;
create trigger audit_auth_user_change after update of email_confirmed_at, encrypted_password
  on auth.users for each row execute function nativ.audit_auth_user_change();

create or replace function nativ.audit_factor_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  member public.end_users;
  factor_ record := case when tg_op = 'DELETE' then old else new end;
begin
  select * into member from public.end_users e where e.auth_user_id = factor_.user_id;
  if not found then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.status::text <> 'verified' and new.status::text = 'verified' then
    perform nativ.record_audit_event(member.user_id, member.auth_user_id, 'two_factor.enabled',
      member.email, jsonb_build_object('factor', new.friendly_name));
  elsif tg_op = 'DELETE' and old.status::text = 'verified' then
    perform nativ.record_audit_event(member.user_id, member.auth_user_id, 'two_factor.removed',
      member.email, jsonb_build_object('factor', old.friendly_name));
  end if;
  return null;
end;
$$;
do $$ begin
  if to_regclass('auth.mfa_factors') is not null then
    drop trigger if exists audit_factor_change on auth.mfa_factors;
    create trigger audit_factor_change after update of status or delete on auth.mfa_factors
      for each row execute function nativ.audit_factor_change();
  end if;
end $$;

create or replace function nativ.audit_purchase() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  payment public.payments;
begin
  if new.reason <> 'purchase' then
    return null;
  end if;
  select * into payment from public.payments p where p.id::text = new.reference;
  perform nativ.record_audit_event(new.user_id, null, 'credits.purchased', null,
    jsonb_build_object('credits', new.delta, 'amount_cents', payment.amount_cents,
      'payment_id', new.reference),
    payment.member_email);
  return null;
end;
$$;
drop trigger if exists audit_purchase on public.credit_ledger;
create trigger audit_purchase after insert on public.credit_ledger
  for each row execute function nativ.audit_purchase();

revoke all on function nativ.audit_language_change(), nativ.audit_auth_user_change(),
  nativ.audit_factor_change(), nativ.audit_purchase() from public, anon, authenticated;
