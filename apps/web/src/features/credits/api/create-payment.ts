import { type CreatePaymentInput, createPaymentResponseSchema } from "@nativ/contracts"
import { useMutation } from "@tanstack/react-query"

import { invokeFunction } from "@/lib/invoke-function"

export const createPayment = (input: CreatePaymentInput) =>
  invokeFunction("create-payment", input, createPaymentResponseSchema)

/** Starts a checkout and opens it in a new tab; the tab returns to /credits when done. */
export const useCreatePayment = () =>
  useMutation({
    mutationFn: createPayment,
    onSuccess: ({ url }) => {
      window.open(url, "_blank", "noopener,noreferrer")
    },
    meta: { errorTitle: "Payment Error", errorFallback: "Failed to create payment session" },
  })
