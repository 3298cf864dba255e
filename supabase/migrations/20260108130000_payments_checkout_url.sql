-- The checkout address create-payment answered with, kept so Billing history can offer "Continue
-- payment" for a purchase that is still open. A plain column: the table's grants and its
-- payments_select_managers policy already decide who reads it (owners and admins of the company).
alter table public.payments add column if not exists checkout_url text;
