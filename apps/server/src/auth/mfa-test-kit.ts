import type { SupabaseClient } from "@supabase/supabase-js"
import { Secret, TOTP } from "otpauth"
import { expect } from "vitest"

/** Test helpers for two-factor: what an authenticator app computes from the enrolment's secret. */

export function codeAt(secret: string, time = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: time })
}

/** Six digits that are not the code of the previous, current or next 30-second step. */
export function wrongCode(secret: string): string {
  const now = Date.now()
  const valid = new Set([-30_000, 0, 30_000].map((d) => codeAt(secret, now + d)))
  let n = 123456
  while (valid.has(String(n))) n += 1
  return String(n)
}

/** Enrols a TOTP factor through supabase-js; returns its id and secret (still unverified). */
export async function enrolTotp(client: SupabaseClient, friendlyName?: string) {
  const { data, error } = await client.auth.mfa.enroll({
    factorType: "totp",
    ...(friendlyName ? { friendlyName } : {}),
  })
  expect(error).toBeNull()
  if (data?.type !== "totp") throw new Error("enroll did not return a TOTP factor")
  return { id: data.id, secret: data.totp.secret, data }
}

/** Enrols and verifies a factor, leaving the client with an aal2 session. */
export async function enableTwoFactor(client: SupabaseClient) {
  const factor = await enrolTotp(client, "Authenticator")
  const { error } = await client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: codeAt(factor.secret),
  })
  expect(error).toBeNull()
  return factor
}
