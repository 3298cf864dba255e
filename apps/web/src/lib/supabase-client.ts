import { createClient } from "@supabase/supabase-js"

import type { RuntimeConfig } from "@/config/runtime-config"

import { authStorageKey, configureSupabase, setSupabase } from "./supabase"

type ClientConfig = Pick<RuntimeConfig, "supabaseUrl" | "supabaseAnonKey">

/**
 * The official client, loaded on first need (lib/supabase.ts). Session detection in the URL is
 * off: the protected shell and /set-password read invitation tokens themselves (the spec sends
 * them on to /set-password), and /email-confirmed verifies its token_hash explicitly.
 */
export function createSupabaseClient(config: ClientConfig) {
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: false,
      storageKey: authStorageKey(config.supabaseUrl),
    },
  })
}

/** Configures and creates the client at once (tests, which have no start-up sequence). */
export function initSupabase(config: ClientConfig) {
  configureSupabase(config)
  return setSupabase(createSupabaseClient(config))
}
