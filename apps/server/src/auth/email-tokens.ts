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
      created_at = excluded.created_at, expires_at = excluded.expires_at`.execute(trx)
  return { token, code }
}

export type TokenLookup = { token: string } | { email: string; code: string }

/**
 * Finds an unexpired token of one of `types` by its link token or by email + code, and deletes it
 * (each token works once). Returns the user id and the token's type, or undefined.
 */
export async function consumeEmailToken(
  trx: Db,
  deps: AppDeps,
  lookup: TokenLookup,
  types: EmailTokenType[],
): Promise<{ userId: string; type: EmailTokenType } | undefined> {
  const [column, hash] =
    "token" in lookup
      ? [sql.ref("token_hash"), sha256(lookup.token)]
      : [sql.ref("otp_hash"), otpHash(lookup.email, lookup.code)]
  const { rows } = await sql<{
    id: string
    user_id: string
    token_type: EmailTokenType
    h: string
  }>`
    select id, user_id, token_type, ${column} as h from auth.one_time_tokens
    where ${column} = ${hash} and token_type = any(${types}::text[])
      and expires_at > ${deps.clock()}
      ${"email" in lookup ? sql`and relates_to = ${lookup.email.toLowerCase()}` : sql``}
    for update`.execute(trx)
  const row = rows[0]
  if (!row || !safeEqual(row.h, hash)) return undefined
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
