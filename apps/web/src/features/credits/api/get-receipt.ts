import { receiptSchema } from "@nativ/contracts"
import { queryOptions, useQuery } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import { billingKeys } from "./billing-keys"

/** GET /billing/payments/{id}/receipt: a paid purchase's receipt. */
export function receiptQuery(id: string) {
  return queryOptions({
    queryKey: billingKeys.receipt(id),
    queryFn: () => api.get(`/billing/payments/${encodeURIComponent(id)}/receipt`, receiptSchema),
    staleTime: Infinity,
  })
}

export const useReceipt = (id: string) => useQuery(receiptQuery(id))
