import { BILLING_PAGE_SIZE, billingPaymentListSchema } from "@nativ/contracts"
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import { billingKeys } from "./billing-keys"

/** GET /billing/payments: one page (1-based) of the company's purchases, newest first. */
export function billingPaymentsQuery(page: number) {
  const offset = (page - 1) * BILLING_PAGE_SIZE
  return queryOptions({
    queryKey: billingKeys.payments(page),
    queryFn: () =>
      api.get(
        `/billing/payments?limit=${BILLING_PAGE_SIZE}&offset=${offset}`,
        billingPaymentListSchema,
      ),
    placeholderData: keepPreviousData,
  })
}

export const useBillingPayments = (page: number) => useQuery(billingPaymentsQuery(page))
