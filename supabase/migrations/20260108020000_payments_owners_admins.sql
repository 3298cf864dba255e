-- Payments are billing records (receipt numbers, buyer, Stripe references): owners and admins
-- read them, as the billing API allows. Members of the company read none over /rest/v1; the
-- balance they share is on public.users.

drop policy if exists payments_select_company on public.payments;
create policy payments_select_managers on public.payments
  for select to authenticated using (
    user_id = (select nativ.current_company_id())
    and (select nativ.current_member_role()) in ('owner', 'admin')
  );
