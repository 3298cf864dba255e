import type { AppDeps } from "../deps"
import { localProvider } from "./local-provider"
import type { PaymentProvider } from "./payment-provider"
import { stripeProvider } from "./stripe-provider"

export function createPaymentProvider(deps: AppDeps): PaymentProvider {
  return deps.env.PAYMENTS_PROVIDER === "stripe"
    ? stripeProvider(deps.env)
    : localProvider(deps.env)
}
