import * as React from "react"
import { useSearchParams } from "react-router"

import { showError, UserFacingError } from "@/lib/errors"

import { useVerifyPayment } from "../api/verify-payment"

/**
 * Handles the checkout's return to /credits: `success=true&session_id=…` verifies the payment,
 * `canceled=true` says nothing was charged. Either way the address becomes plain /credits, so a
 * reload does not ask again (and the server never credits a session twice anyway).
 */
export function usePaymentReturn() {
  const [params, setParams] = useSearchParams()
  const verify = useVerifyPayment()
  const handled = React.useRef<string | null>(null)
  const { mutate } = verify

  const success = params.get("success") === "true"
  const canceled = params.get("canceled") === "true"
  const sessionId = params.get("session_id")

  React.useEffect(() => {
    if (!success && !canceled) return
    const key = `${success}:${canceled}:${sessionId}`
    if (handled.current === key) return
    handled.current = key
    if (success && sessionId) mutate(sessionId)
    else if (canceled)
      showError(
        "Payment Canceled",
        new UserFacingError("Payment Canceled", "Your payment was canceled. No charges were made."),
      )
    setParams({}, { replace: true })
  }, [success, canceled, sessionId, mutate, setParams])

  return verify.isPending
}
