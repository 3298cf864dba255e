import { createNativClient, NativApiError, type NativClient } from "@nativ/client"

import { currentAccessToken } from "./auth"
import { resolveServer, type Server } from "./config"
import { CliError, EXIT } from "./errors"
import type { Io } from "./io"

/** What every command gets: where to print, which server, and a client signed in as the user. */
export type Session = {
  io: Io
  server: Server
  /** The product API, authenticated by --api-key, NATIV_API_KEY or the stored sign-in. */
  api(): Promise<NativClient>
  /** A JSON call to a product API path the typed client does not know yet (retries, typed errors). */
  call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T>
  /** GET an absolute URL of the API (a job's download) as text, with the same credentials. */
  download(url: string): Promise<string>
}

export type GlobalOptions = { apiUrl?: string; apiKey?: string }

export function createSession(io: Io, options: GlobalOptions): Session {
  const server = resolveServer(options.apiUrl, io.env)
  const apiKey = options.apiKey?.trim() || io.env.NATIV_API_KEY?.trim() || undefined

  async function bearer(): Promise<string> {
    if (apiKey) return apiKey
    const access = await currentAccessToken(io, server)
    if (!access)
      throw new CliError(
        "Not signed in: run `nativ login`, or set NATIV_API_KEY (or --api-key) to a key from the dashboard's API Keys page.",
        EXIT.auth,
      )
    return access
  }

  let client: NativClient | undefined
  async function api() {
    client ??= createNativClient({
      baseUrl: server.apiBase,
      apiKey: await bearer(),
      fetch: io.fetch,
    })
    return client
  }

  return {
    io,
    server,
    api,
    async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
      // openapi-fetch sends any path; the client's middleware signs the request, retries 429 and
      // 503 (a POST with an Idempotency-Key also on other 5xx) and throws NativApiError.
      const untyped = (await api()) as unknown as Record<
        string,
        (path: string, init: object) => Promise<{ data?: unknown }>
      >
      const { data } = await untyped[method]!(path, {
        ...(body === undefined ? {} : { body }),
        ...(method === "POST" ? { headers: { "Idempotency-Key": crypto.randomUUID() } } : {}),
      })
      return data as T
    },
    async download(url: string) {
      if (new URL(url).origin !== server.origin)
        throw new CliError(`Refusing to send your credentials to ${new URL(url).origin}.`)
      const res = await io.fetch(url, { headers: { Authorization: `Bearer ${await bearer()}` } })
      if (!res.ok) throw new NativApiError(res.status, undefined, `Download failed: ${res.status}`)
      return res.text()
    },
  }
}
