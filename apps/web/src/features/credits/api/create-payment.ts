import { type CreatePaymentInput, createPaymentResponseSchema } from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"

import { invokeFunction } from "@/lib/invoke-function"

import { billingKeys } from "./billing-keys"

export const createPayment = (input: CreatePaymentInput) =>
  invokeFunction("create-payment", input, createPaymentResponseSchema)

/**
 * Starts a checkout and opens it in a new tab; the tab returns to /credits when done. The new
 * purchase is listed (pending) in the billing history at once.
 */
export function useCreatePayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createPayment,
    onSuccess: ({ url }) => {
      window.open(url, "_blank", "noopener,noreferrer")
      void queryClient.invalidateQueries({ queryKey: billingKeys.all })
    },
    meta: { errorTitle: "Payment Error", errorFallback: "Failed to create payment session" },
  })
}
