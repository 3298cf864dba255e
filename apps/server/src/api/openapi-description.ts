import {
  IMAGE_CULTURALIZE_CREDITS,
  IMAGE_INSPECT_CREDITS,
  TEXT_EXTRACT_CREDITS,
} from "@nativ/contracts"

import type { Env } from "../env"

/** What the engine does to a text, for the reference's introduction (and README's words). */
export function engineNote(env: Pick<Env, "ENGINE" | "ENGINE_MODEL">) {
  if (env.ENGINE === "offline")
    return `This server runs the **offline engine**: it has no translation model, so it keeps the words as
written and adapts only numbers, dates, currencies, units and quotation marks to the target
culture, and applies glossaries. Formality, context, style guides and back-translation are not
used, and \`max_characters\` cannot shorten a text. To have the words translated, whoever runs the
server sets \`ENGINE\` (\`openai\` or \`anthropic\`), \`ENGINE_MODEL\` and the provider's key,
\`ENGINE_API_KEY\`, and restarts it.`
  const provider = env.ENGINE === "openai" ? "an OpenAI-compatible service" : "Anthropic"
  return `This server translates and adapts texts with the model \`${env.ENGINE_MODEL ?? env.ENGINE}\` from ${provider}.`
}

/** The reference's introduction: authentication, the engine, pricing and a curl example. */
export function openApiDescription(
  env: Pick<
    Env,
    | "API_URL"
    | "CREDITS_PER_100_CHARS"
    | "ENGINE"
    | "ENGINE_MODEL"
    | "RATE_LIMIT_API_KEY_BURST"
    | "RATE_LIMIT_API_KEY_PER_MINUTE"
    | "RATE_LIMIT_COMPANY_PER_MINUTE"
    | "RATE_LIMIT_PLAYGROUND_BURST"
    | "RATE_LIMIT_PLAYGROUND_PER_MINUTE"
  >,
) {
  const per100 = env.CREDITS_PER_100_CHARS
  return `Culturalize text — translate it and adapt it to a target culture — from your own code.

## Authentication
Create an API key on the dashboard's **API Keys** page and send it as a bearer token, or in the
\`X-API-Key\` header as Nativ's SDKs do (either one; a signed-in user's access token goes only in
\`Authorization\`):

    Authorization: Bearer nativ_…
    X-API-Key: nativ_…

Keys can expire or be revoked; such a key is refused with \`401\` and an error saying which.
A user access token of an account with two-factor authentication on is accepted only once the
session has passed it (\`aal2\`); a password-only session gets \`403 insufficient_aal\`.

Apps can instead connect with **OAuth 2.1** (Connect): the server is an authorization server
(metadata at \`/.well-known/oauth-authorization-server\`, dynamic registration, authorization code
with PKCE, and the device grant for CLIs and plugins). A person approves the app on the dashboard;
its access token then acts for them, limited to the scopes approved (\`translate\`, \`read\`,
\`manage\`, \`offline_access\`): each route below lists the scopes that admit an app (\`oauth2\`),
and a route that lists none refuses apps with \`403 insufficient_scope\`. Calls without
credentials get \`401\` with \`WWW-Authenticate: Bearer resource_metadata="…"\` (RFC 9728).

## Engine
${engineNote(env)}
Every culturalize answer names its engine in \`engine\`, and \`GET /config.json\` at the server's
root says which one runs: \`{"engine": {"kind": "${env.ENGINE}", "model": ${env.ENGINE === "offline" || !env.ENGINE_MODEL ? "null" : JSON.stringify(env.ENGINE_MODEL)}}}\`.

## Pricing
Each culturalize request costs ${per100} credit${per100 === 1 ? "" : "s"} per started 100 characters of input (minimum ${per100}).
Images: reading an image's text (\`/text/extract\`) costs ${TEXT_EXTRACT_CREDITS} credits, each image \`/image/culturalize\` returns ${IMAGE_CULTURALIZE_CREDITS}, an inspection (\`/image/inspect\`) ${IMAGE_INSPECT_CREDITS}; each is charged once, after the work succeeded.
When the balance is too low the request is refused with \`402 insufficient_credits\` and nothing is charged.

## Rate limits
Texts are counted, not requests: a culturalize request is one text, a \`/text/culturalize-batch\`
one per item, an image request one. An API key may send ${env.RATE_LIMIT_API_KEY_PER_MINUTE.toLocaleString("en-US")} texts a minute, up to ${env.RATE_LIMIT_API_KEY_BURST.toLocaleString("en-US")} of them
within 10 seconds (so an SDK's \`translateBatch\` of that many texts, sent at once, goes through), and
all of an account's keys together ${env.RATE_LIMIT_COMPANY_PER_MINUTE.toLocaleString("en-US")} a minute. A signed-in user (the dashboard's Playground) has a
budget of its own, apart from the keys': ${env.RATE_LIMIT_PLAYGROUND_PER_MINUTE.toLocaleString("en-US")} a minute, up to ${env.RATE_LIMIT_PLAYGROUND_BURST.toLocaleString("en-US")} within 10 seconds.
Over a budget the request is refused with \`429 rate_limited\` and \`Retry-After\` (seconds), and
nothing is counted or charged. Every answer carries \`RateLimit-Policy\` (each budget's quota \`q\`
and window \`w\` in seconds) and \`RateLimit\` (what is left, \`r\`, and the seconds until the
window ends, \`t\`), as in draft-ietf-httpapi-ratelimit-headers-10. After a key's first text:

    RateLimit-Policy: "key-burst";q=${env.RATE_LIMIT_API_KEY_BURST};w=10, "key-minute";q=${env.RATE_LIMIT_API_KEY_PER_MINUTE};w=60, "company-minute";q=${env.RATE_LIMIT_COMPANY_PER_MINUTE};w=60
    RateLimit: "key-burst";r=${env.RATE_LIMIT_API_KEY_BURST - 1};t=10, "key-minute";r=${env.RATE_LIMIT_API_KEY_PER_MINUTE - 1};t=60, "company-minute";r=${env.RATE_LIMIT_COMPANY_PER_MINUTE - 1};t=60

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
