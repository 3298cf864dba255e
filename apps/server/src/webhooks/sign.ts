import { randomBytes } from "node:crypto"

import { Webhook } from "standardwebhooks"

/** A new signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks writes them. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`
}

/** The three Standard Webhooks headers for one attempt of a message. */
export function signedHeaders(secret: string, messageId: string, at: Date, body: string) {
  const seconds = new Date(Math.floor(at.getTime() / 1000) * 1000)
  return {
    "content-type": "application/json",
    "user-agent": "Nativ-Webhooks/1.0",
    "webhook-id": messageId,
    "webhook-timestamp": String(seconds.getTime() / 1000),
    "webhook-signature": new Webhook(secret).sign(messageId, seconds, body),
  }
}
