import type { Database } from "@nativ/contracts"
import type { SupabaseClient as UntypedClient } from "@supabase/supabase-js"

import type { RuntimeConfig } from "@/config/runtime-config"

import { authStorageKey } from "./auth-storage-key"

type ClientConfig = Pick<RuntimeConfig, "supabaseUrl" | "supabaseAnonKey">

/** The client typed by the tables and functions generated from the migrations. */
export type SupabaseClient = UntypedClient<Database>

/*
 * supabase-js is a third of the dashboard's start-up JavaScript, and a signed-out visitor on /auth
 * needs it only once they submit the form. So the one client is created on first need:
 * `loadSupabase()` fetches the library (lib/supabase-client.ts) and creates the client;
 * `supabase()` returns it once it exists, for code that only runs with a session.
 */
let config: ClientConfig | null = null
let client: SupabaseClient | null = null
let loading: Promise<SupabaseClient> | null = null
const waiting = new Set<(client: SupabaseClient) => void>()

/** Remembers the project the client will be created for; called once at start-up. */
export function configureSupabase(next: ClientConfig) {
  config = next
}

/** Whether supabase-js kept a session in this browser: only then is the client needed at once. */
export function hasStoredSession(): boolean {
  if (!config) return false
  try {
    return localStorage.getItem(authStorageKey(config.supabaseUrl)) !== null
  } catch {
    // Storage refused (private mode): let the client itself decide, as before.
    return true
  }
}

/** Whether a storage event is about this project's session (another tab signed in or out). */
export function isSessionStorageKey(key: string | null): boolean {
  return config !== null && key === authStorageKey(config.supabaseUrl)
}

/**
 * Starts fetching the library before /config.json has arrived when any project's session is kept
 * here: the signed-in dashboard needs it at once.
 */
export function prefetchSupabase() {
  try {
    if (Object.keys(localStorage).some((key) => /^sb-.+-auth-token$/.test(key)))
      void import("./supabase-client").catch(() => {})
  } catch {
    // No storage: nothing to guess from.
  }
}

/** Makes `next` the one client and hands it to everyone waiting for it. */
export function setSupabase(next: SupabaseClient) {
  client = next
  for (const listener of waiting) listener(next)
  waiting.clear()
  return next
}

/** The one client, created on the first call. */
export function loadSupabase(): Promise<SupabaseClient> {
  if (client) return Promise.resolve(client)
  loading ??= import("./supabase-client")
    .then(({ createSupabaseClient }) => {
      if (!config) throw new Error("The Supabase client is not configured yet")
      return client ?? setSupabase(createSupabaseClient(config))
    })
    .catch((error: unknown) => {
      // A failed chunk download may succeed on the next attempt.
      loading = null
      throw error
    })
  return loading
}

/** Calls `listener` with the client as soon as it exists; returns a function that cancels. */
export function onSupabaseReady(listener: (client: SupabaseClient) => void): () => void {
  if (client) {
    listener(client)
    return () => {}
  }
  waiting.add(listener)
  return () => waiting.delete(listener)
}

export function supabase(): SupabaseClient {
  if (!client) throw new Error("The Supabase client is not initialised yet")
  return client
}
