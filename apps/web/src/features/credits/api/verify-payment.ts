import { verifyPaymentResponseSchema } from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { toast } from "sonner"

import { useRefreshBalance } from "@/lib/auth/balance"
import { announcePaymentCompleted } from "@/lib/auth/payment-channel"
import { formatCredits } from "@/lib/format"

import { invokeFunction } from "@/lib/invoke-function"

import { billingKeys } from "./billing-keys"

/** The server credits a paid session exactly once; asking again returns the same credits. */
export const verifyPayment = (sessionId: string) =>
  invokeFunction("verify-payment", { session_id: sessionId }, verifyPaymentResponseSchema)

export function useVerifyPayment() {
  const queryClient = useQueryClient()
  const refreshBalance = useRefreshBalance()
  return useMutation({
    mutationFn: verifyPayment,
    onSuccess: ({ credits_added }) => {
      toast.success("Payment Successful!", {
        description: `${formatCredits(credits_added)} credits added to your account.`,
      })
      refreshBalance()
      void queryClient.invalidateQueries({ refetchType: "none" })
      void queryClient.invalidateQueries({ queryKey: billingKeys.all })
      announcePaymentCompleted()
    },
    meta: {
      errorTitle: "Payment Verification Failed",
      errorFallback: "Please contact support if you were charged",
    },
  })
}
