import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"

import { type RuntimeConfig, useRuntimeConfig } from "@/config/runtime-config"
import { loadSupabase } from "@/lib/supabase"

/*
 * Two-factor recovery codes: the server's own /auth/v1/recovery-codes endpoints (supabase-js has
 * no method for them), called with the session's access token as supabase-js calls /auth/v1.
 */

type AuthConfig = Pick<RuntimeConfig, "supabaseUrl" | "supabaseAnonKey">

export type RecoveryCodeStatus = { remaining: number; total: number; created_at: string | null }

/** Settings → Security warns when this many or fewer codes are left. */
export const FEW_RECOVERY_CODES = 3

export const recoveryCodeKeys = { status: ["mfa-recovery-codes"] as const }

/** A refused call: the server's own message (auth errors carry it as `msg`). */
class RecoveryCodeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message)
    this.name = "RecoveryCodeError"
  }
}

async function call<T>(config: AuthConfig, path: string, body?: unknown): Promise<T> {
  const client = await loadSupabase()
  const token = (await client.auth.getSession()).data.session?.access_token
  const res = await fetch(`${config.supabaseUrl}/auth/v1${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      apikey: config.supabaseAnonKey,
      Authorization: `Bearer ${token ?? config.supabaseAnonKey}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>
  if (!res.ok) {
    const message = typeof json.msg === "string" ? json.msg : "The request could not be completed."
    throw new RecoveryCodeError(res.status, json.error_code as string | undefined, message)
  }
  return json as T
}

const getRecoveryCodeStatus = (config: AuthConfig) =>
  call<RecoveryCodeStatus>(config, "/recovery-codes")

/** A new set of ten codes, shown once; the old set stops working. */
const createRecoveryCodes = (config: AuthConfig) =>
  call<{ codes: string[] }>(config, "/recovery-codes", {}).then((r) => r.codes)

/**
 * Uses a recovery code instead of an authenticator code: the server answers the raised (aal2)
 * session, which supabase-js then keeps (its SIGNED_IN event re-reads the assurance level).
 */
export async function verifyRecoveryCode(config: AuthConfig, code: string) {
  const session = await call<{ access_token: string; refresh_token: string }>(
    config,
    "/recovery-codes/verify",
    { code },
  )
  const client = await loadSupabase()
  const { error } = await client.auth.setSession(session)
  if (error) throw error
}

function recoveryCodeStatusQuery(config: AuthConfig) {
  return queryOptions({
    queryKey: recoveryCodeKeys.status,
    queryFn: () => getRecoveryCodeStatus(config),
    meta: { errorTitle: "Error loading recovery codes" },
  })
}

export const useRecoveryCodeStatus = (enabled = true) => {
  const config = useRuntimeConfig()
  return useQuery({ ...recoveryCodeStatusQuery(config), enabled })
}

export function useCreateRecoveryCodes() {
  const config = useRuntimeConfig()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => createRecoveryCodes(config),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recoveryCodeKeys.status }),
    meta: { errorTitle: "Error creating recovery codes" },
  })
}

/** Success callbacks go here, not to mutate(): they must run even when the screen has unmounted. */
export function useVerifyRecoveryCode({ onSuccess }: { onSuccess?: () => void } = {}) {
  const config = useRuntimeConfig()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => verifyRecoveryCode(config, code),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recoveryCodeKeys.status })
      onSuccess?.()
    },
    meta: { errorTitle: "Invalid recovery code", errorFallback: "The code could not be checked." },
  })
}
