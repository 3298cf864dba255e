import { createClient } from "@supabase/supabase-js"
import { Secret, TOTP } from "otpauth"
import ws from "ws"

import { baseUrl, getAnonKey } from "./server"

const STEP_MS = 30_000
const MARGIN_MS = 3_000

const stepAt = (time: number) => Math.floor(time / STEP_MS)

/**
 * A code of `secret` the server accepts now, computed with `otpauth`: the earliest step later
 * than `after` (a step is accepted once) among those the server takes — now and one step either
 * side, for clocks that drift. Taking the neighbours as well lets a test sign in three times in a
 * row without waiting out a 30-second step each time. A code of this or the last step needs 3 s
 * left in the current step, so it cannot expire between typing and checking; with none usable it
 * waits for the next step. Returns the code and its step.
 */
export async function totpCode(secret: string, { after = -1 }: { after?: number } = {}) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) })
  for (;;) {
    const now = Date.now()
    const current = stepAt(now)
    const left = STEP_MS - (now % STEP_MS)
    const step = Math.max(after + 1, current - 1)
    if (step === current + 1 || (step <= current && left >= MARGIN_MS))
      return { code: totp.generate({ timestamp: step * STEP_MS }), step }
    await new Promise((resolve) => setTimeout(resolve, left + 50))
  }
}

/** Six digits that are no code of `secret` in the steps around now. */
export function wrongTotpCode(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) })
  const now = Date.now()
  const valid = new Set([-1, 0, 1, 2].map((d) => totp.generate({ timestamp: now + d * STEP_MS })))
  let n = 246810
  while (valid.has(String(n))) n += 1
  return String(n)
}

/**
 * Turns two-factor on for `account` through the auth API with the official client, as the
 * Security tab does; returns the secret and the step of the code that confirmed it.
 */
export async function enableTwoFactorViaApi(account: { email: string; password: string }) {
  const client = createClient(baseUrl, await getAnonKey(), {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  })
  const signedIn = await client.auth.signInWithPassword(account)
  if (signedIn.error) throw signedIn.error
  const enrolled = await client.auth.mfa.enroll({ factorType: "totp" })
  if (enrolled.error) throw enrolled.error
  const secret = enrolled.data.totp.secret
  const { code, step } = await totpCode(secret)
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code })
  if (verified.error) throw verified.error
  await client.auth.signOut({ scope: "local" })
  return { secret, step }
}
