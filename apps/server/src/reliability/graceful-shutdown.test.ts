import { Agent, get } from "node:http"

import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { roomyApiLimits } from "../api/api-test-kit"
import {
  type FakeProvider,
  openAiCompletion,
  startFakeProvider,
} from "../engine/testing/fake-provider-server"
import { killServerProcesses, startServerProcess, waitForReady } from "../testing/server-process"
import { type Answer, holdRequest } from "./held-request"
import {
  buyCredits,
  createApiKey,
  createRemoteAccount,
  headers,
  type RemoteAccount,
} from "./remote-account"
import { serverBackend, type ServerBackend } from "./server-backend"

/**
 * SIGTERM under load, on the backend of this run: the server stops accepting, answers every
 * request that reached it — slow culturalize calls inside the engine's time limit and requests
 * whose bytes were still on the wire — over keep-alive and `Connection: close` connections alike,
 * tells each client `Connection: close`, and exits 0. Nothing is stored for a client that got no
 * answer.
 */

/** How long after the signal the provider answers the calls waiting on it. */
const PROVIDER_DELAY_MS = 2_000
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe("SIGTERM under load", () => {
  let backend: ServerBackend
  let provider: FakeProvider
  // The provider answers when the test says, not after a fixed delay: at load 14 connecting the
  // held requests took longer than a delay, and the slow calls were answered before the signal.
  let releaseProvider!: () => void
  const providerReleased = new Promise<void>((resolve) => (releaseProvider = resolve))

  beforeAll(async () => {
    backend = await serverBackend()
    provider = await startFakeProvider(() => ({
      ...openAiCompletion("Hallo"),
      until: providerReleased,
    }))
  })
  afterAll(async () => {
    releaseProvider()
    killServerProcesses()
    await provider.close()
    await backend.dispose()
  })

  it("answers every request in flight on both kinds of connection, then exits 0", async () => {
    const server = await startServerProcess({
      ...backend.env,
      ENGINE: "openai",
      ENGINE_BASE_URL: `${provider.url}/v1`,
      ENGINE_API_KEY: "sk-test",
      ENGINE_MODEL: "test-model",
      ENGINE_TIMEOUT_MS: "30000",
      RATE_LIMIT_AUTH_PER_MINUTE: "1000",
      ...roomyApiLimits,
    })
    await waitForReady(server.url)
    const account = await createRemoteAccount(server.url)
    await buyCredits(server.url, account, 1)
    const apiKey = await createApiKey(server.url, account)

    const keepAlive = new Agent({ keepAlive: true, maxSockets: 20 })
    await Promise.all(
      Array.from({ length: 20 }, () => fetchWith(keepAlive, `${server.url}/healthz`)),
    )
    const kinds = [keepAlive, false] as const
    const culturalize = (agent: Agent | false) =>
      holdRequest(server.url, "/api/v1/text/culturalize", {
        agent,
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          text: "Hello",
          language: "German",
          language_code: "DE",
          tool: "api",
        }),
      })
    let code = 0
    const insertLanguage = (agent: Agent | false) =>
      holdRequest(server.url, "/rest/v1/user_languages_mapping", {
        agent,
        headers: { ...headers(account), Prefer: "return=minimal" },
        body: JSON.stringify({
          user_id: account.userId,
          language: `Language ${++code}`,
          language_code: `L${code}`,
        }),
      })

    // Slow calls, waiting on the model provider when the signal comes.
    const slow = await Promise.all(kinds.flatMap((agent) => repeat(6, () => culturalize(agent))))
    for (const request of slow) request.send()
    while (provider.requests.length < slow.length) await sleep(20)

    // Requests on open connections whose bytes are on the wire just after the signal.
    const held = await Promise.all(
      kinds.flatMap((agent) => [
        ...repeat(6, () => insertLanguage(agent)),
        ...repeat(3, () => culturalize(agent)),
      ]),
    )
    await sleep(200)
    const signalled = Date.now()
    server.child.kill("SIGTERM")
    setTimeout(releaseProvider, PROVIDER_DELAY_MS)
    await sleep(50)
    for (const request of held) request.send()

    const answers = await Promise.all([...slow, ...held].map((r) => r.answer))
    expect(answers.filter((a) => "error" in a)).toEqual([])
    const answered = answers as Extract<Answer, { status: number }>[]
    expect(answered.map((a) => a.status).sort()).toEqual([
      ...Array<number>(18).fill(200),
      ...Array<number>(12).fill(201),
    ])
    expect(answered.every((a) => a.connection === "close")).toBe(true)

    expect(await server.exited).toBe(0)
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(PROVIDER_DELAY_MS - 500)
    keepAlive.destroy()

    await expectStored(backend, account, { languages: 12, operations: 18 })
  }, 180_000)
})

describe("SIGTERM with connections still waiting to be accepted", () => {
  let backend: ServerBackend
  beforeAll(async () => {
    backend = await serverBackend()
  })
  afterAll(async () => {
    killServerProcesses()
    await backend.dispose()
  })

  it("answers each with its result or 503, Retry-After and Connection: close, never a reset", async () => {
    const server = await startServerProcess({
      ...backend.env,
      RATE_LIMIT_AUTH_PER_MINUTE: "1000",
    })
    await waitForReady(server.url, 150_000)
    const account = await createRemoteAccount(server.url)

    // Fresh connections, all connected first, then each sending at once: while the server works
    // on the first ones (on PGlite the database runs on the server's own thread), the others wait
    // in the kernel's accept queue, where the signal finds them. (Sending each as it connected let
    // a starved test process still be connecting seconds after the signal, at load 14.)
    const held = await Promise.all(
      repeat(40, (_, i) =>
        holdRequest(server.url, "/rest/v1/user_languages_mapping", {
          agent: false,
          headers: { ...headers(account), Prefer: "return=minimal" },
          body: JSON.stringify({
            user_id: account.userId,
            language: `Queued ${i}`,
            language_code: `Q${i}`,
          }),
        }),
      ),
    )
    for (const request of held) request.send()
    await sleep(30)
    server.child.kill("SIGTERM")
    const answers = await Promise.all(held.map((request) => request.answer))

    expect(answers.filter((a) => "error" in a)).toEqual([])
    const answered = answers as Extract<Answer, { status: number }>[]
    for (const answer of answered) {
      expect([201, 503]).toContain(answer.status)
      expect(answer.connection).toBe("close")
      if (answer.status === 503) expect(answer.retryAfter).toBe("1")
    }
    expect(await server.exited).toBe(0)
    const created = answered.filter((a) => a.status === 201).length
    const [row] = await backend.query<{ languages: number }>(
      "select count(*)::int as languages from public.user_languages_mapping where user_id = $1",
      [account.userId],
    )
    // Only what was answered 201 was stored: a 503 was never processed.
    expect(row!.languages).toBe(created)
  }, 180_000)
})

function repeat<T>(times: number, make: (_: unknown, index: number) => T): T[] {
  return Array.from({ length: times }, make)
}

function fetchWith(agent: Agent, url: string) {
  return new Promise<void>((resolve, reject) => {
    get(url, { agent }, (res) => {
      res.resume()
      res.on("end", resolve)
    }).on("error", reject)
  })
}

async function expectStored(
  backend: ServerBackend,
  account: RemoteAccount,
  expected: { languages: number; operations: number },
) {
  const [row] = await backend.query<{
    languages: number
    operations: number
    credits: number
    ledger: number
  }>(
    `select (select count(*)::int from public.user_languages_mapping where user_id = $1) as languages,
      (select count(*)::int from public.operations where user_id = $1) as operations,
      (select credits from public.users where id = $1) as credits,
      (select coalesce(sum(delta), 0)::int from public.credit_ledger where user_id = $1) as ledger`,
    [account.userId],
  )
  expect(row).toEqual({
    ...expected,
    credits: 1000 - expected.operations,
    ledger: 1000 - expected.operations,
  })
}
