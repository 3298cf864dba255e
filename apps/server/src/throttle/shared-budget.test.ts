import { randomBytes } from "node:crypto"

import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import {
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
  waitForReady,
} from "../testing/server-process"

/**
 * Rate limits on PostgreSQL are counted in the database, so replicas behind a load balancer share
 * one budget instead of each allowing its own; and a limiter whose table fails lets requests
 * through rather than answering 500.
 */
const serverUrl = process.env.DATABASE_URL

describe.runIf(serverUrl)("two server processes on one PostgreSQL database", () => {
  const name = `nativ_limits_${randomBytes(4).toString("hex")}`
  let admin: pg.Client
  let first: ServerProcess
  let second: ServerProcess
  let anonKey: string

  const signIn = async (server: ServerProcess) => {
    const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: anonKey, "content-type": "application/json" },
      body: JSON.stringify({
        email: `nobody-${randomBytes(4).toString("hex")}@example.com`,
        password: "not the password",
      }),
    })
    return { status: res.status, body: (await res.json()) as { error_code?: string } }
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(serverUrl!)
    url.pathname = `/${name}`
    const env = {
      DATABASE_URL: url.toString(),
      JWT_SECRET: randomBytes(32).toString("hex"),
      RATE_LIMIT_AUTH_PER_MINUTE: "4",
    }
    // One after the other: the first one migrates the new database.
    first = await startServerProcess(env)
    await waitForReady(first.url)
    second = await startServerProcess(env)
    await waitForReady(second.url)
    const config = (await (await fetch(`${first.url}/config.json`)).json()) as {
      supabaseAnonKey: string
    }
    anonKey = config.supabaseAnonKey
  }, 90_000)

  afterAll(async () => {
    killServerProcesses()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })

  it("share one sign-in budget: the fifth attempt through either is refused with 429", async () => {
    const statuses = []
    for (const server of [first, second, first, second])
      statuses.push((await signIn(server)).status)
    expect(statuses).toEqual([400, 400, 400, 400])
    for (const server of [first, second]) {
      const limited = await signIn(server)
      expect(limited.status).toBe(429)
      expect(limited.body.error_code).toBe("over_request_rate_limit")
    }
  })

  it("keep the counters in an unlogged table: a count waits for no write-ahead-log flush", async () => {
    const url = new URL(serverUrl!)
    url.pathname = `/${name}`
    const owner = new pg.Client({ connectionString: url.toString() })
    await owner.connect()
    try {
      const { rows } = await owner.query<{ relpersistence: string }>(
        "select relpersistence from pg_class where oid = 'nativ.rate_limits'::regclass",
      )
      expect(rows[0]?.relpersistence).toBe("u")
    } finally {
      await owner.end()
    }
  })

  it("let requests through, never 500, while the limiter's table fails", async () => {
    const url = new URL(serverUrl!)
    url.pathname = `/${name}`
    const owner = new pg.Client({ connectionString: url.toString() })
    await owner.connect()
    await owner.query("alter table nativ.rate_limits rename to rate_limits_away")
    try {
      for (const server of [first, second, first, second, first, second])
        expect((await signIn(server)).status).toBe(400)
    } finally {
      await owner.query("alter table nativ.rate_limits_away rename to rate_limits")
      await owner.end()
    }
    expect((await signIn(first)).status).toBe(429)
  })
})
