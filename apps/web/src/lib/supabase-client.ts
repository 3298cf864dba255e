import type { Database } from "@nativ/contracts"
import { createClient } from "@supabase/supabase-js"

import type { RuntimeConfig } from "@/config/runtime-config"

import { paths } from "@/config/paths"

import { authStorageKey } from "./auth-storage-key"

type ClientConfig = Pick<RuntimeConfig, "supabaseUrl" | "supabaseAnonKey">

/**
 * The official client, loaded on first need (lib/supabase.ts). Session detection in the URL is
 * on only for a password-recovery link landing on /reset-password (the client opens the session
 * and emits PASSWORD_RECOVERY): the protected shell and /set-password read invitation tokens
 * themselves (the spec sends them on to /set-password), and /email-confirmed verifies its
 * token_hash explicitly.
 */
export function createSupabaseClient(config: ClientConfig) {
  return createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: isRecoveryLanding,
      storageKey: authStorageKey(config.supabaseUrl),
    },
  })
}

/** A recovery link's redirect: /reset-password with the session's tokens and type=recovery. */
export function isRecoveryLanding(url: URL, params: Record<string, string>) {
  return url.pathname === paths.resetPassword && params.type === "recovery"
}
