import { sql } from "kysely"

import type { Db } from "../db/schema"
import type { AppDeps } from "../deps"
import { authEmail } from "../mail/templates"
import { withQuery } from "./redirect"
import { otpCode, randomToken, safeEqual, sha256 } from "./tokens"

export type EmailTokenType = "signup" | "invite" | "recovery" | "magiclink"

const HOUR = 3_600_000
/** Confirmation and invitation links wait a day; sign-in and reset links an hour. */
const LIFETIME_MS: Record<EmailTokenType, number> = {
  signup: 24 * HOUR,
  invite: 24 * HOUR,
  recovery: HOUR,
  magiclink: HOUR,
}

const otpHash = (email: string, code: string) => sha256(`${email.toLowerCase()}:${code}`)

export type EmailToken = { token: string; code: string }

/**
 * Issues the link token and six-digit code of one email, replacing the user's previous token of
 * that type; only their SHA-256 hashes are stored. Call inside the transaction that records the send.
 * `expiresAt` overrides the type's lifetime (a company invitation lives as long as the invitation).
 */
export async function issueEmailToken(
  trx: Db,
  deps: AppDeps,
  user: { id: string; email: string },
  type: EmailTokenType,
  expiresAt?: Date,
): Promise<EmailToken> {
  const now = deps.clock()
  const token = randomToken()
  const code = otpCode()
  await sql`insert into auth.one_time_tokens
      (user_id, token_type, token_hash, otp_hash, relates_to, created_at, expires_at)
    values (${user.id}::uuid, ${type}, ${sha256(token)}, ${otpHash(user.email, code)},
      ${user.email.toLowerCase()}, ${now},
      ${expiresAt ?? new Date(now.getTime() + LIFETIME_MS[type])})
    on conflict (user_id, token_type) do update set token_hash = excluded.token_hash,
      otp_hash = excluded.otp_hash, relates_to = excluded.relates_to,
      created_at = excluded.created_at, expires_at = excluded.expires_at,
      failed_attempts = 0`.execute(trx)
  return { token, code }
}

export type TokenLookup = { token: string } | { email: string; code: string }

/**
 * Wrong codes an emailed code survives: the fifth kills it, and only a new email brings another.
 * Six digits under five guesses is a 1-in-200,000 chance per email, against 30 guesses a minute
 * per address with no cap. Counted on the token, so per user whatever the guesser's address.
 */
export const MAX_CODE_ATTEMPTS = 5

type Consumed = { userId: string; type: EmailTokenType }

/**
 * Finds an unexpired token of one of `types` by its link token or by email + code, and deletes it
 * (each token works once). Returns the user id and the token's type, or undefined. Run inside a
 * transaction that commits also when this finds nothing: a wrong code's count must stay.
 */
export async function consumeEmailToken(
  trx: Db,
  deps: AppDeps,
  lookup: TokenLookup,
  types: EmailTokenType[],
): Promise<Consumed | undefined> {
  if ("email" in lookup) return consumeByCode(trx, deps, lookup, types)
  const hash = sha256(lookup.token)
  // The link token is 256 random bits: no guess is worth counting, and a code killed by wrong
  // guesses leaves its email's link working.
  const { rows } = await sql<{
    id: string
    user_id: string
    token_type: EmailTokenType
    h: string
  }>`
    select id, user_id, token_type, token_hash as h from auth.one_time_tokens
    where token_hash = ${hash} and token_type = any(${types}::text[])
      and expires_at > ${deps.clock()}
    for update`.execute(trx)
  const row = rows[0]
  if (!row || !safeEqual(row.h, hash)) return undefined
  return deleteToken(trx, row)
}

/**
 * The code form: the address's live tokens that a code may still open, locked, so guesses sent at
 * once are counted one after another. A match is used up; a miss counts against every one of
 * them (`email` verifies a sign-up or a magic-link code, so a guess is a guess at both).
 */
async function consumeByCode(
  trx: Db,
  deps: AppDeps,
  { email, code }: { email: string; code: string },
  types: EmailTokenType[],
): Promise<Consumed | undefined> {
  const hash = otpHash(email, code)
  const { rows } = await sql<{
    id: string
    user_id: string
    token_type: EmailTokenType
    h: string
  }>`
    select id, user_id, token_type, otp_hash as h from auth.one_time_tokens
    where relates_to = ${email.toLowerCase()} and token_type = any(${types}::text[])
      and expires_at > ${deps.clock()} and failed_attempts < ${MAX_CODE_ATTEMPTS}
    order by id
    for update`.execute(trx)
  const match = rows.find((row) => safeEqual(row.h, hash))
  if (match) return deleteToken(trx, match)
  if (rows.length > 0)
    await sql`update auth.one_time_tokens set failed_attempts = failed_attempts + 1
      where id = any(${rows.map((row) => row.id)}::uuid[])`.execute(trx)
  return undefined
}

async function deleteToken(
  trx: Db,
  row: { id: string; user_id: string; token_type: EmailTokenType },
): Promise<Consumed> {
  await sql`delete from auth.one_time_tokens where id = ${row.id}::uuid`.execute(trx)
  return { userId: row.user_id, type: row.token_type }
}

/**
 * Sends the email carrying a token. The sign-up confirmation lands on the dashboard's
 * /email-confirmed page (`redirectTo` when one was accepted, else SITE_URL/email-confirmed) with
 * `token_hash` and `type=email`, which the page passes to verifyOtp. The other links go through
 * GET /auth/v1/verify, which signs the user in and redirects to `redirectTo`.
 */
export async function sendTokenEmail(
  deps: AppDeps,
  type: EmailTokenType,
  to: string,
  { token, code }: EmailToken,
  redirectTo: string | undefined,
) {
  const link = emailTokenLink(deps, type, token, redirectTo)
  await deps.mailer.send(authEmail(type, { to, link, code }))
}

/** The link an email of `type` carries (see sendTokenEmail). */
export function emailTokenLink(
  deps: AppDeps,
  type: EmailTokenType,
  token: string,
  redirectTo: string | undefined,
) {
  return type === "signup"
    ? withQuery(redirectTo ?? `${deps.env.SITE_URL}/email-confirmed`, {
        token_hash: token,
        type: "email",
      })
    : withQuery(`${deps.env.PUBLIC_URL}/auth/v1/verify`, {
        token,
        type,
        redirect_to:
          redirectTo ??
          (type === "invite" ? `${deps.env.SITE_URL}/set-password` : deps.env.SITE_URL),
      })
}
