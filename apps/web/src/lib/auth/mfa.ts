import type { Factor } from "@supabase/supabase-js"
import { queryOptions, useMutation, type UseMutationOptions, useQuery } from "@tanstack/react-query"

import { UserFacingError } from "@/lib/errors"
import { loadSupabase } from "@/lib/supabase"

export const mfaKeys = { factors: ["mfa-factors"] as const }

/** Where the session stands: `needsCode` when a verified factor asks for more than it has. */
export type Assurance = { currentLevel: string | null; needsCode: boolean }

export async function getAssurance(): Promise<Assurance> {
  const client = await loadSupabase()
  const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel()
  if (error) throw error
  return {
    currentLevel: data.currentLevel,
    needsCode: data.nextLevel === "aal2" && data.currentLevel !== "aal2",
  }
}

/** The account's verified authenticator-app factors (listFactors reads GET /user). */
export async function getTotpFactors(): Promise<Factor[]> {
  const client = await loadSupabase()
  const { data, error } = await client.auth.mfa.listFactors()
  if (error) throw error
  return data.totp
}

export const totpFactorsQuery = () =>
  queryOptions({
    queryKey: mfaKeys.factors,
    queryFn: getTotpFactors,
    meta: { errorTitle: "Error loading two-factor authentication" },
  })

export const useTotpFactors = () => useQuery(totpFactorsQuery())

export const CODE_FORMAT_MESSAGE = "Enter the 6-digit code from your authenticator app."

/** A six-digit code from an authenticator app: digits only, exactly six. */
export const isSixDigitCode = (code: string) => /^\d{6}$/.test(code)

/**
 * Checks a code against `factorId` (or the account's first verified factor): a new challenge and
 * its verification, which raises the session to aal2 (event MFA_CHALLENGE_VERIFIED).
 */
export async function verifyCode({ code, factorId }: { code: string; factorId?: string }) {
  if (!isSixDigitCode(code)) throw new UserFacingError("Invalid code", CODE_FORMAT_MESSAGE)
  const client = await loadSupabase()
  let id = factorId
  if (!id) {
    const factors = await getTotpFactors()
    id = factors[0]?.id
    if (!id) throw new Error("This account has no authenticator app set up.")
  }
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId: id, code })
  if (error) throw error
}

/** Success callbacks go here, not to mutate(): they must run even when the screen has unmounted. */
export const useVerifyCode = (
  options: Pick<
    UseMutationOptions<void, Error, { code: string; factorId?: string }>,
    "onSuccess"
  > = {},
) =>
  useMutation({
    ...options,
    mutationFn: verifyCode,
    meta: { errorTitle: "Invalid code", errorFallback: "The code could not be checked." },
  })
