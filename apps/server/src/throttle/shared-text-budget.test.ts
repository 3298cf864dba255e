import { randomBytes } from "node:crypto"

import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createApiKey, createRemoteAccount } from "../reliability/remote-account"
import {
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
  waitForReady,
} from "../testing/server-process"

/**
 * An API key's text budget on PostgreSQL is counted in nativ.rate_limits, so two replicas behind a
 * load balancer allow its burst once between them, and their RateLimit headers agree.
 */
const serverUrl = process.env.DATABASE_URL

describe.runIf(serverUrl)("an API key's text budget on two server processes", () => {
  const name = `nativ_texts_${randomBytes(4).toString("hex")}`
  let admin: pg.Client
  let first: ServerProcess
  let second: ServerProcess

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(serverUrl!)
    url.pathname = `/${name}`
    const env = {
      DATABASE_URL: url.toString(),
      JWT_SECRET: randomBytes(32).toString("hex"),
      RATE_LIMIT_AUTH_PER_MINUTE: "1000",
      RATE_LIMIT_API_KEY_BURST: "4",
      RATE_LIMIT_API_KEY_PER_MINUTE: "6",
    }
    // One after the other: the first one migrates the new database.
    first = await startServerProcess(env)
    await waitForReady(first.url)
    second = await startServerProcess(env)
    await waitForReady(second.url)
  }, 90_000)

  afterAll(async () => {
    killServerProcesses()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })

  it("is shared: the burst's fifth text through either replica is refused with 429", async () => {
    const key = await createApiKey(first.url, await createRemoteAccount(first.url))
    // No credits: each admitted text is refused 402 after the rate limit counted it.
    const send = async (server: ServerProcess) => {
      const res = await fetch(`${server.url}/api/v1/text/culturalize`, {
        method: "POST",
        headers: { "X-API-Key": key, "Content-Type": "application/json" },
        body: JSON.stringify({ text: "Hello", language: "German", language_code: "de" }),
      })
      return { status: res.status, rateLimit: res.headers.get("ratelimit") ?? "" }
    }
    const answers = []
    for (const server of [first, second, first, second]) answers.push(await send(server))
    expect(answers.map((answer) => answer.status)).toEqual([402, 402, 402, 402])
    expect(answers.map((answer) => /"key-burst";r=(\d+)/.exec(answer.rateLimit)?.[1])).toEqual([
      "3",
      "2",
      "1",
      "0",
    ])
    for (const server of [first, second]) {
      const limited = await send(server)
      expect(limited.status).toBe(429)
      expect(limited.rateLimit).toMatch(/"key-burst";r=0;t=\d+/)
    }
  })
})
