-- "My company" and "my role" as PL/pgSQL. Every row-level security policy evaluates
-- nativ.current_company_id() once per statement; as a SECURITY DEFINER SQL function it cannot be
-- inlined, so PostgreSQL parsed and planned its lookup again on every statement. PL/pgSQL keeps
-- the lookup's plan for the life of the connection. Same names, results and rights as in
-- 20260104000000_company_members.sql.

create or replace function nativ.current_company_id() returns uuid
language plpgsql stable security definer set search_path = '' as $$
begin
  return (select e.user_id from public.end_users e where e.auth_user_id = auth.uid());
end;
$$;

create or replace function nativ.current_member_role() returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  return (select e.role from public.end_users e where e.auth_user_id = auth.uid());
end;
$$;
