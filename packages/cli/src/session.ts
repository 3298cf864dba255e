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

const CALL_ATTEMPTS = 4
const RETRY_PAUSE_MS = 2000

/** How fetch fails when the request may have reached the server: worth repeating with its key. */
const DROPPED = new Set([
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "UND_ERR_SOCKET",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
])

function isNetworkError(error: unknown) {
  if (!(error instanceof TypeError) || !/fetch failed/i.test(error.message)) return false
  return DROPPED.has((error.cause as { code?: string } | undefined)?.code ?? "")
}

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
      // One key for every attempt: when the connection drops after the server did the work, the
      // repeat gets the first answer instead of paying twice (409 while it is still running).
      const idempotencyKey = crypto.randomUUID()
      for (let attempt = 1; ; attempt++) {
        try {
          const { data } = await untyped[method]!(path, {
            ...(body === undefined ? {} : { body }),
            ...(method === "POST" ? { headers: { "Idempotency-Key": idempotencyKey } } : {}),
          })
          return data as T
        } catch (error) {
          const inProgress =
            error instanceof NativApiError && error.code === "idempotency_in_progress"
          if (attempt >= CALL_ATTEMPTS || !(inProgress || isNetworkError(error))) throw error
          await io.sleep(RETRY_PAUSE_MS * attempt)
        }
      }
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
