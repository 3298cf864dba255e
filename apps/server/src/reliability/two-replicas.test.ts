import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { roomyApiLimits } from "../api/api-test-kit"
import {
  freePort,
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
  waitForReady,
} from "../testing/server-process"
import {
  balanceAndLedger,
  buyCredits,
  createApiKey,
  createRemoteAccount,
  headers,
  payCheckout,
  type RemoteAccount,
  startCheckout,
  verifyCheckout,
} from "./remote-account"
import { serverBackend, type ServerBackend } from "./server-backend"

/**
 * Two server processes on one PostgreSQL database, as replicas behind a load balancer: credits
 * stay exact when culturalize calls race through both, and a paid checkout verified through both
 * at once is credited once.
 */
describe.runIf(process.env.DATABASE_URL)("two server processes on one PostgreSQL database", () => {
  let backend: ServerBackend
  let replicas: ServerProcess[]
  let account: RemoteAccount

  beforeAll(async () => {
    backend = await serverBackend()
    const ports = [await freePort(), await freePort()]
    // One public address for both, as behind a load balancer: tokens and links name it.
    const publicUrl = `http://127.0.0.1:${ports[0]}`
    replicas = await Promise.all(
      ports.map((port) =>
        startServerProcess({
          ...backend.env,
          PORT: String(port),
          PUBLIC_URL: publicUrl,
          RATE_LIMIT_AUTH_PER_MINUTE: "1000",
          ...roomyApiLimits,
        }),
      ),
    )
    await Promise.all(replicas.map((r) => waitForReady(r.url)))
    account = await createRemoteAccount(replicas[0]!.url)
  }, 90_000)
  afterAll(async () => {
    killServerProcesses()
    await backend.dispose()
  })

  it("charges exactly what the balance pays for when culturalize calls race through both", async () => {
    await buyCredits(replicas[0]!.url, account, 1)
    const apiKey = await createApiKey(replicas[1]!.url, account)
    // 1,000 characters cost 10 credits: the balance pays for 100 of the 160 calls.
    const text = "Hello world. ".repeat(77).slice(0, 1000)
    const statuses = await Promise.all(
      Array.from({ length: 160 }, async (_, i) => {
        const res = await fetch(`${replicas[i % 2]!.url}/api/v1/text/culturalize`, {
          method: "POST",
          headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
          // use_memory: false: each call is charged, not answered from memory as a repeat
          body: JSON.stringify({
            text,
            language: "German",
            language_code: "DE",
            tool: "api",
            use_memory: false,
          }),
        })
        await res.arrayBuffer()
        return res.status
      }),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(100)
    expect(statuses.filter((s) => s === 402)).toHaveLength(60)
    expect(await balanceAndLedger(replicas[1]!.url, account)).toEqual({ credits: 0, ledger: 0 })
    const operations = await fetch(`${replicas[0]!.url}/rest/v1/operations?select=cost`, {
      headers: headers(account),
    })
    const costs = (await operations.json()) as { cost: number }[]
    expect(costs).toHaveLength(100)
    expect(costs.every((o) => o.cost === 10)).toBe(true)
  }, 60_000)

  it("credits a paid checkout once when it is verified through both at once", async () => {
    const before = await balanceAndLedger(replicas[0]!.url, account)
    const session = await startCheckout(replicas[0]!.url, account, 20)
    await payCheckout(replicas[0]!.url, session)
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => verifyCheckout(replicas[i % 2]!.url, account, session)),
    )
    expect(results).toEqual(Array(20).fill({ status: 200, body: { credits_added: 20_000 } }))
    const after = await balanceAndLedger(replicas[1]!.url, account)
    expect(after).toEqual({ credits: before.credits + 20_000, ledger: before.ledger + 20_000 })
    const purchases = await fetch(
      `${replicas[1]!.url}/rest/v1/credit_ledger?select=delta&reason=eq.purchase&delta=eq.20000`,
      { headers: headers(account) },
    )
    expect(await purchases.json()).toEqual([{ delta: 20_000 }])
  }, 60_000)
})
