import { randomBytes } from "node:crypto"

import pg from "pg"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"

import { DATABASE_UNAVAILABLE_MESSAGE } from "../db/unavailable"
import {
  type FakeProvider,
  openAiCompletion,
  startFakeProvider,
} from "../engine/testing/fake-provider-server"
import {
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
  waitForReady,
} from "../testing/server-process"
import { createTestApp } from "../testing/test-app"
import { buyCredits, createApiKey, createRemoteAccount } from "./remote-account"

/**
 * A database that goes away (PostgreSQL restart, failover, pg_terminate_backend, PGlite failing)
 * or stops answering in time costs requests a clear 503, never the process, and the server
 * serves again without a restart once the database is back.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** How long the model provider takes: the outage starts while a request waits on it. */
const PROVIDER_DELAY_MS = 1_000

describe("when the embedded or configured database is closed under the server", () => {
  it("answers 503 with a clear message on every protocol and reports not ready", async () => {
    const app = await createTestApp()
    const close = app.deps.database.close
    await close()
    app.deps.database.close = async () => {}
    try {
      const rest = await app.fetch("/rest/v1/operations?select=id", {
        headers: { apikey: app.deps.keys.anon },
      })
      expect(rest.status).toBe(503)
      expect(await rest.json()).toMatchObject({ message: DATABASE_UNAVAILABLE_MESSAGE })
      expect(rest.headers.get("retry-after")).toBe("1")

      const auth = await app.fetch("/auth/v1/token?grant_type=password", {
        method: "POST",
        headers: { apikey: app.deps.keys.anon, "content-type": "application/json" },
        body: JSON.stringify({ email: "someone@example.com", password: "secret123" }),
      })
      expect(auth.status).toBe(503)
      expect(await auth.json()).toMatchObject({ msg: DATABASE_UNAVAILABLE_MESSAGE })

      const api = await app.fetch("/api/v1/user/languages", {
        headers: { authorization: "Bearer nativ_0000000000000000000000000000000000000000" },
      })
      expect(api.status).toBe(503)
      expect(await api.json()).toEqual({
        error: { code: "service_unavailable", message: DATABASE_UNAVAILABLE_MESSAGE },
        detail: DATABASE_UNAVAILABLE_MESSAGE,
      })

      const ready = await app.fetch("/readyz")
      expect(ready.status).toBe(503)
      expect(await ready.json()).toMatchObject({ status: "database unavailable" })
      expect((await app.fetch("/healthz")).status).toBe(200)
    } finally {
      await app.close()
    }
  })
})

const serverUrl = process.env.DATABASE_URL

describe.runIf(serverUrl)("a PostgreSQL server that drops the server's connections", () => {
  const name = `nativ_outage_${randomBytes(4).toString("hex")}`
  let admin: pg.Client
  let server: ServerProcess
  let anonKey: string
  let provider: FakeProvider

  const terminateBackends = () =>
    admin.query(
      "select count(pg_terminate_backend(pid)) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [name],
    )
  const readOperations = async () => {
    const res = await fetch(`${server.url}/rest/v1/operations?select=id&limit=1`, {
      headers: { apikey: anonKey },
    })
    return { status: res.status, body: (await res.json()) as { code?: string; message?: string } }
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(serverUrl!)
    url.pathname = `/${name}`
    provider = await startFakeProvider(() => ({
      ...openAiCompletion("Hallo"),
      delayMs: PROVIDER_DELAY_MS,
    }))
    server = await startServerProcess({
      DATABASE_URL: url.toString(),
      DATABASE_LOCK_TIMEOUT_MS: "1000",
      JWT_SECRET: randomBytes(32).toString("hex"),
      ENGINE: "openai",
      ENGINE_BASE_URL: `${provider.url}/v1`,
      ENGINE_API_KEY: "sk-test",
      ENGINE_MODEL: "test-model",
      // A claim nobody releases would be taken over after 10 + 15 s.
      ENGINE_TIMEOUT_MS: "10000",
      RATE_LIMIT_AUTH_PER_MINUTE: "1000",
    })
    await waitForReady(server.url)
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as {
      supabaseAnonKey: string
    }
    anonKey = config.supabaseAnonKey
  }, 60_000)

  afterEach(async () => {
    await admin.query(`alter database ${name} allow_connections true`)
  })

  afterAll(async () => {
    killServerProcesses()
    await provider.close()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })

  it("keeps running while its backends are terminated under load, and serves on without a restart", async () => {
    let running = true
    const statuses: number[] = []
    const bodies: { code?: string; message?: string }[] = []
    const readers = Array.from({ length: 12 }, async () => {
      while (running) {
        const { status, body } = await readOperations()
        statuses.push(status)
        if (status !== 401) bodies.push(body)
      }
    })
    for (let i = 0; i < 6; i++) {
      await sleep(250)
      await terminateBackends()
    }
    await sleep(250)
    running = false
    await Promise.all(readers)

    expect(server.child.exitCode).toBeNull()
    // 401 is the database answering (anon may not read operations); 503 is a request that lost
    // its connection. Nothing else: no 500, no hang.
    expect(new Set(statuses)).toEqual(new Set(statuses.filter((s) => s === 401 || s === 503)))
    for (const body of bodies)
      expect(body).toMatchObject({ code: "PGRST001", message: DATABASE_UNAVAILABLE_MESSAGE })
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(20)

    expect((await readOperations()).status).toBe(401)
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
  }, 60_000)

  it("fails requests fast with 503 while the database refuses connections, says so on /readyz, then recovers", async () => {
    await admin.query(`alter database ${name} allow_connections false`)
    await terminateBackends()

    const started = Date.now()
    const during = await readOperations()
    expect(during.status).toBe(503)
    expect(during.body.message).toBe(DATABASE_UNAVAILABLE_MESSAGE)
    expect(Date.now() - started).toBeLessThan(3_000)
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toMatchObject({ status: "database unavailable" })

    await admin.query(`alter database ${name} allow_connections true`)
    await waitForReady(server.url, 10_000)
    expect((await readOperations()).status).toBe(401)
    expect(server.child.exitCode).toBeNull()
  }, 30_000)

  it("answers the retry of a keyed request that failed in the outage at once when the database is back, and charges it once", async () => {
    const account = await createRemoteAccount(server.url)
    await buyCredits(server.url, account, 1)
    const apiKey = await createApiKey(server.url, account)
    const send = async () => {
      const res = await fetch(`${server.url}/api/v1/text/culturalize`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${apiKey}`,
          "Content-Type": "application/json",
          "Idempotency-Key": "order-4711",
        },
        body: JSON.stringify({
          text: "Hello",
          language: "German",
          language_code: "DE",
          tool: "api",
          use_memory: false,
        }),
      })
      return { status: res.status, body: (await res.json()) as { operation_id?: string } }
    }

    const seen = provider.requests.length
    const first = send()
    while (provider.requests.length === seen) await sleep(20)
    // The database goes away while the request waits on the model: its charge cannot run.
    await admin.query(`alter database ${name} allow_connections false`)
    await terminateBackends()
    expect((await first).status).toBe(503)
    expect((await send()).status).toBe(503)

    await admin.query(`alter database ${name} allow_connections true`)
    await waitForReady(server.url, 10_000)
    const started = Date.now()
    const retried = await send()
    expect(retried.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(PROVIDER_DELAY_MS + 2_000)
    expect((await send()).body.operation_id).toBe(retried.body.operation_id)

    const url = new URL(serverUrl!)
    url.pathname = `/${name}`
    const reader = new pg.Client({ connectionString: url.toString() })
    await reader.connect()
    try {
      const { rows } = await reader.query<{ credits: number; charges: number; operations: number }>(
        `select credits,
          (select count(*)::int from public.credit_ledger where user_id = $1 and reason = 'culturalize') as charges,
          (select count(*)::int from public.operations where user_id = $1) as operations
        from public.users where id = $1`,
        [account.userId],
      )
      expect(rows[0]).toEqual({ credits: 999, charges: 1, operations: 1 })
    } finally {
      await reader.end()
    }
  }, 60_000)

  it("answers 503 instead of hanging while a table is locked, and /readyz reports it", async () => {
    const url = new URL(serverUrl!)
    url.pathname = `/${name}`
    const locker = new pg.Client({ connectionString: url.toString() })
    await locker.connect()
    try {
      await locker.query("begin")
      await locker.query("lock table public.operations in access exclusive mode")

      const started = Date.now()
      const during = await readOperations()
      expect(during.status).toBe(503)
      expect(Date.now() - started).toBeLessThan(4_000)
      const ready = await fetch(`${server.url}/readyz`)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toMatchObject({ status: "database not answering in time" })

      await locker.query("rollback")
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
      expect((await readOperations()).status).toBe(401)
    } finally {
      await locker.end()
    }
  }, 30_000)
})
