import type { Server } from "node:http"

import { serve } from "@hono/node-server"
import { createClient, type SupabaseClient } from "@supabase/supabase-js"
import ws from "ws"

import { createApp } from "../app"
import type { AppDeps } from "../deps"
import { loadEnv } from "../env"
import { closeCleanly } from "../http/clean-close"
import { createLogger } from "../logger"
import { createServices, type ServiceOverrides } from "../services"
import { openTestDatabase } from "./test-database"

export type TestApp = {
  url: string
  deps: AppDeps
  /** Moves the server's clock (token and key expiry). */
  advanceClock(ms: number): void
  /** A supabase-js client pointed at this server, holding its own session. */
  client(key?: string): SupabaseClient
  /** fetch against this server: `app.fetch("/auth/v1/settings")`. */
  fetch(path: string, init?: RequestInit): Promise<Response>
  close(): Promise<void>
}

/**
 * The real server on a fresh, migrated database, listening on a free port, so tests drive it over
 * HTTP exactly as clients do.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Pick<ServiceOverrides, "engine"> = {},
): Promise<TestApp> {
  const base = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
    PORT: "0",
    ...env,
  })
  const database = await openTestDatabase()
  let offset = 0
  const clock = () => new Date(Date.now() + offset)
  const logger = createLogger(base.LOG_LEVEL)
  const jwtSecret = "test-secret-that-is-long-enough-for-hs256-signing"

  let resolvePort: (port: number) => void
  const ready = new Promise<number>((resolve) => (resolvePort = resolve))
  // The public URL must be known before the app is built (it is the token issuer and the base of
  // email links), so pick the port first, then build the app behind a late-bound handler.
  let handler: (req: Request) => Response | Promise<Response> = () =>
    new Response("starting", { status: 503 })
  const server = serve({ fetch: (req) => handler(req), port: 0, hostname: "127.0.0.1" }, (info) =>
    resolvePort(info.port),
  )
  closeCleanly(server as Server)
  // The test and the server share one event loop: a PGlite statement that holds it for seconds (a
  // large seed on a loaded machine) let Node's 5-second keep-alive timer close a socket just as the
  // test sent its next request on it ("other side closed"). Tests keep connections open longer.
  ;(server as Server).keepAliveTimeout = 60_000
  const port = await ready
  const url = `http://127.0.0.1:${port}`
  const appEnv = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: base.LOG_LEVEL,
    PORT: String(port),
    PUBLIC_URL: url,
    ...env,
  })
  const deps = await createServices(appEnv, logger, jwtSecret, { database, clock, ...overrides })
  const app = createApp(deps, { webRoot: null })
  handler = app.fetch

  return {
    url,
    deps,
    advanceClock: (ms) => {
      offset += ms
    },
    client: (key = deps.keys.anon) =>
      createClient(url, key, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: ws as never },
      }),
    fetch: (path, init) => fetch(url + path, init),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        if ("closeAllConnections" in server) server.closeAllConnections()
      })
      await deps.ocr.close()
      await deps.fileWorkers.close()
      await deps.tmSearch.close()
      await database.close()
    },
  }
}
