import {
  IMAGE_CULTURALIZE_CREDITS,
  IMAGE_INSPECT_CREDITS,
  TEXT_EXTRACT_CREDITS,
} from "@nativ/contracts"

import type { Env } from "../env"

/** The reference's introduction: authentication, pricing and a curl example. */
export function openApiDescription(env: Pick<Env, "API_URL" | "CREDITS_PER_100_CHARS">) {
  const per100 = env.CREDITS_PER_100_CHARS
  return `Culturalize text — translate it and adapt it to a target culture — from your own code.

## Authentication
Create an API key on the dashboard's **API Keys** page and send it as a bearer token:

    Authorization: Bearer nativ_…

Keys can expire or be revoked; such a key is refused with \`401\` and an error saying which.
A user access token of an account with two-factor authentication on is accepted only once the
session has passed it (\`aal2\`); a password-only session gets \`403 insufficient_aal\`.

## Pricing
Each culturalize request costs ${per100} credit${per100 === 1 ? "" : "s"} per started 100 characters of input (minimum ${per100}).
Images: reading an image's text (\`/text/extract\`) costs ${TEXT_EXTRACT_CREDITS} credits, each image \`/image/culturalize\` returns ${IMAGE_CULTURALIZE_CREDITS}, an inspection (\`/image/inspect\`) ${IMAGE_INSPECT_CREDITS}; each is charged once, after the work succeeded.
When the balance is too low the request is refused with \`402 insufficient_credits\` and nothing is charged.

## Example
    curl -X POST ${env.API_URL}/text/culturalize \\
      -H "Authorization: Bearer $NATIV_API_KEY" \\
      -H "Content-Type: application/json" \\
      -d '{"text": "The box weighs 5 pounds.", "language": "German", "language_code": "DE", "tool": "api"}'

## Errors
Every error has the same shape: \`{"error": {"code": "insufficient_credits", "message": "…"}}\`.
Send an \`Idempotency-Key\` header to retry a culturalize request safely: a retry with the same key
returns the first result and is charged once, for 24 hours. Sends of one key that overlap all get the
same answer. After a failure (for example \`402 insufficient_credits\`) the next send of the key runs
the request again.`
}
