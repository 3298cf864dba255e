import { createClient, type SupabaseClient } from "@supabase/supabase-js"

import type { RuntimeConfig } from "@/config/runtime-config"

let client: SupabaseClient | null = null

/**
 * Creates the one supabase-js client from the runtime configuration. Session detection in the URL
 * is off: the protected shell and /set-password read invitation tokens themselves (the spec sends
 * them on to /set-password), and /email-confirmed verifies its token_hash explicitly.
 */
export function initSupabase(config: Pick<RuntimeConfig, "supabaseUrl" | "supabaseAnonKey">) {
  client = createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
  })
  return client
}

export function supabase(): SupabaseClient {
  if (!client) throw new Error("The Supabase client is not initialised yet")
  return client
}
