import { randomBytes } from "node:crypto"

import type { Env } from "../env"
import type { PaymentProvider } from "./payment-provider"

/** The embedded test checkout: sessions are paid or canceled on /_checkout/{session}. */
export function localProvider(env: Env): PaymentProvider {
  return {
    name: "local",
    async createCheckout() {
      const sessionId = `cs_local_${randomBytes(18).toString("base64url")}`
      return { sessionId, url: `${env.PUBLIC_URL}/_checkout/${sessionId}` }
    },
    async sessionStatus() {
      return null
    },
  }
}
