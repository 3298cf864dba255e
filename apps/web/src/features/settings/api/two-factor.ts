import { useMutation, useQueryClient } from "@tanstack/react-query"

import { type RuntimeConfig, useRuntimeConfig } from "@/config/runtime-config"
import { isSixDigitCode, mfaKeys, verifyCode } from "@/lib/auth/mfa"
import { recoveryCodeKeys, verifyRecoveryCode } from "@/lib/auth/recovery-codes"
import { loadSupabase } from "@/lib/supabase"

export type TotpEnrolment = { factorId: string; uri: string; secret: string }

/** Starts adding an authenticator app: an unverified factor with its otpauth:// URI and secret. */
export async function startTotpEnrolment(): Promise<TotpEnrolment> {
  const client = await loadSupabase()
  const { data, error } = await client.auth.mfa.enroll({ factorType: "totp", issuer: "Nativ" })
  if (error) throw error
  return { factorId: data.id, uri: data.totp.uri, secret: data.totp.secret }
}

/** Drops an enrolment left unfinished (its factor was never verified, so aal1 may remove it). */
export async function cancelTotpEnrolment(factorId: string) {
  const client = await loadSupabase()
  const { error } = await client.auth.mfa.unenroll({ factorId })
  if (error) console.error("Dropping the unfinished enrolment failed:", error)
}

/**
 * Removes a verified factor. The server wants a code proved in the last few minutes: six digits
 * are checked as the app's code, anything else as a recovery code (which is used up).
 */
export async function removeTotpFactor({
  factorId,
  code,
  config,
}: {
  factorId: string
  code: string
  config: Pick<RuntimeConfig, "supabaseUrl" | "supabaseAnonKey">
}) {
  const trimmed = code.trim()
  if (isSixDigitCode(trimmed)) await verifyCode({ factorId, code: trimmed })
  else await verifyRecoveryCode(config, trimmed)
  const client = await loadSupabase()
  const { error } = await client.auth.mfa.unenroll({ factorId })
  if (error) throw error
}

/** The factor list is read again after any change. */
function useFactorsRefresh() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: mfaKeys.factors })
}

export const useStartTotpEnrolment = () =>
  useMutation({
    mutationFn: startTotpEnrolment,
    meta: { errorTitle: "Error setting up two-factor authentication" },
  })

/** Success callbacks go here, not to mutate(): they must run even when the screen has unmounted. */
export function useConfirmTotpEnrolment({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refresh = useFactorsRefresh()
  return useMutation({
    mutationFn: (input: { factorId: string; code: string }) => verifyCode(input),
    onSuccess: () => {
      refresh()
      onSuccess?.()
    },
    meta: { errorTitle: "Invalid code", errorFallback: "The code could not be checked." },
  })
}

export function useRemoveTotpFactor({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refresh = useFactorsRefresh()
  const config = useRuntimeConfig()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { factorId: string; code: string }) =>
      removeTotpFactor({ ...input, config }),
    onSuccess: () => {
      refresh()
      void queryClient.invalidateQueries({ queryKey: recoveryCodeKeys.status })
      onSuccess?.()
    },
    meta: { errorTitle: "Error removing two-factor authentication" },
  })
}
