import type { RuntimeConfig } from "@/config/runtime-config"

let baseUrl: string | null = null

/**
 * Points the product API client at `config.apiUrl`; called once at start-up. Kept apart from the
 * client so start-up does not load the contract schemas the client validates with.
 */
export function initApiClient(config: Pick<RuntimeConfig, "apiUrl">) {
  baseUrl = config.apiUrl.replace(/\/+$/, "")
}

export function apiBaseUrl(): string {
  if (!baseUrl) throw new Error("The API client is not initialised yet")
  return baseUrl
}
