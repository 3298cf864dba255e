import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { roomyApiLimits } from "../api/api-test-kit"
import {
  freePort,
  killServerProcesses,
  startServerProcess,
  waitForReady,
} from "../testing/server-process"
import {
  balanceAndLedger,
  buyCredits,
  createApiKey,
  createRemoteAccount,
  headers,
} from "./remote-account"
import { serverBackend, type ServerBackend } from "./server-backend"

/**
 * kill -9 in the middle of a stream of writes (culturalize with an API key, language inserts
 * through /rest/v1), then a restart on the same data — the PGlite directory, whose lock the dead
 * process still names, or the PostgreSQL database: every write that was answered 2xx is there,
 * and the balance is what the ledger says, having paid for exactly the operations stored.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const CREDITS = 2_000

describe("a server killed with SIGKILL during writes", () => {
  let backend: ServerBackend
  beforeAll(async () => {
    backend = await serverBackend()
  })
  afterAll(async () => {
    killServerProcesses()
    await backend.dispose()
  })

  it("keeps every acknowledged write and an exact balance after a restart on the same data", async () => {
    const port = await freePort()
    const env = {
      ...backend.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_AUTH_PER_MINUTE: "1000",
      ...roomyApiLimits,
    }
    const first = await startServerProcess(env)
    await waitForReady(first.url)
    const account = await createRemoteAccount(first.url)
    await buyCredits(first.url, account, CREDITS / 1000)
    const apiKey = await createApiKey(first.url, account)

    const operations: number[] = []
    const languages: string[] = []
    let running = true
    let sequence = 0
    const culturalizer = async () => {
      while (running) {
        const res = await fetch(`${first.url}/api/v1/text/culturalize`, {
          method: "POST",
          headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
          body: JSON.stringify({
            text: "Hello",
            language: "German",
            language_code: "DE",
            tool: "api",
            // every send is a charged write, not a free repeat from memory
            use_memory: false,
          }),
        }).catch(() => null)
        if (res?.ok)
          operations.push(Number(((await res.json()) as { operation_id: string }).operation_id))
      }
    }
    const inserter = async () => {
      while (running) {
        const code = `K${(++sequence).toString(36).toUpperCase()}`
        const res = await fetch(`${first.url}/rest/v1/user_languages_mapping`, {
          method: "POST",
          headers: { ...headers(account), Prefer: "return=minimal" },
          body: JSON.stringify({
            user_id: account.userId,
            language: `L ${code}`,
            language_code: code,
          }),
        }).catch(() => null)
        if (res?.status === 201) languages.push(code)
      }
    }
    const writers = [
      ...Array.from({ length: 4 }, culturalizer),
      ...Array.from({ length: 4 }, inserter),
    ]
    const until = Date.now() + 30_000
    while ((operations.length < 40 || languages.length < 40) && Date.now() < until) await sleep(20)
    expect({ operations: operations.length >= 40, languages: languages.length >= 40 }).toEqual({
      operations: true,
      languages: true,
    })
    first.child.kill("SIGKILL")
    expect(await first.exited).toBeNull()
    running = false
    await Promise.all(writers)

    const second = await startServerProcess(env)
    await waitForReady(second.url)
    const get = async <T>(path: string) =>
      (await (
        await fetch(`${second.url}/rest/v1/${path}`, { headers: headers(account) })
      ).json()) as T
    const storedOperations = (await get<{ id: number }[]>("operations?select=id")).map((r) => r.id)
    const storedLanguages = (
      await get<{ language_code: string }[]>("user_languages_mapping?select=language_code")
    ).map((r) => r.language_code)

    expect(storedOperations).toEqual(expect.arrayContaining(operations))
    expect(storedLanguages).toEqual(expect.arrayContaining(languages))
    // A write may commit without its answer getting out; none may be answered and lost.
    expect(storedOperations.length - operations.length).toBeLessThanOrEqual(4)
    expect(storedLanguages.length - languages.length).toBeLessThanOrEqual(4)
    const { credits, ledger } = await balanceAndLedger(second.url, account)
    expect(credits).toBe(ledger)
    expect(credits).toBe(CREDITS - storedOperations.length)

    second.child.kill("SIGTERM")
    expect(await second.exited).toBe(0)
    // Two PGlite server starts and a recovery: 120 s ran out once on a CI machine at load 14.
  }, 240_000)
})
