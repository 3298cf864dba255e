-- API key monthly credit caps. A key may carry a cap on the credits it spends per calendar month
-- (UTC); null means no cap. The credits a key has spent this month are kept on the key itself
-- (usage_month, usage_month_credits), added to in the same transaction as each charge, so a cap
-- check and the API Keys list read one row instead of summing the key's operations. A counter
-- whose usage_month is not the current month stands for 0: the first charge of a month resets it.

alter table public.api_keys
  add column if not exists monthly_credit_cap bigint
    check (monthly_credit_cap between 1 and 1000000000),
  add column if not exists usage_month date
    check (usage_month = date_trunc('month', usage_month)::date),
  add column if not exists usage_month_credits bigint not null default 0
    check (usage_month_credits >= 0);

-- What each key has already spent this month, once, so caps hold from the first request.
update public.api_keys k
set usage_month = date_trunc('month', now() at time zone 'UTC')::date,
  usage_month_credits = s.credits
from (
  select o.api_key_id, sum(o.cost) as credits
  from public.operations o
  where o.api_key_id is not null
    and o.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
  group by o.api_key_id
) s
where k.id = s.api_key_id;
