import type { CreatedWebhook, WebhookDelivery, WebhookDeliveryList } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { roomyApiLimits } from "../api/api-test-kit"
import { createRemoteAccount } from "../reliability/remote-account"
import { serverBackend, type ServerBackend } from "../reliability/server-backend"
import {
  freePort,
  killServerProcesses,
  startServerProcess,
  waitForReady,
} from "../testing/server-process"
import { startReceiver } from "./test-receiver"

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const EVENTS = 40

/**
 * kill -9 of the server while webhooks are in flight, then a restart on the same data (the PGlite
 * directory or the PostgreSQL database). What "exactly once per event" means here (see
 * webhook-worker.ts): every queued event reaches the receiver under its one webhook-id, in order;
 * no id the server had recorded as answered 200 before the kill is ever sent again; and an id sent
 * twice is one that was in flight when the process died (the receiver dedupes on webhook-id).
 */
describe("webhooks across a server killed with SIGKILL", () => {
  let backend: ServerBackend
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  beforeAll(async () => {
    backend = await serverBackend()
    // Slow enough that deliveries are in flight at the kill.
    receiver = await startReceiver(() => (res) => {
      setTimeout(() => res.writeHead(200).end("ok"), 40)
    })
  })
  afterAll(async () => {
    killServerProcesses()
    await receiver.close()
    await backend.dispose()
  })

  it("loses no event and sends none again that was recorded as answered", async () => {
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
    const call = (url: string, path: string, init: RequestInit = {}) =>
      fetch(`${url}/api/v1${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${account.token}`, "Content-Type": "application/json" },
      })
    const created = (await (
      await call(first.url, "/webhooks", {
        method: "POST",
        body: JSON.stringify({ url: `${receiver.url}/crash`, events: ["ping"] }),
      })
    ).json()) as CreatedWebhook
    expect(created.secret).toMatch(/^whsec_/)

    const queued: WebhookDelivery[] = []
    for (let n = 0; n < EVENTS; n++) {
      const res = await call(first.url, `/webhooks/${created.id}/test`, { method: "POST" })
      expect(res.status).toBe(202)
      queued.push((await res.json()) as WebhookDelivery)
    }

    // Kill while the stream is mid-way: some answered, one in flight, the rest waiting.
    const deadline = Date.now() + 30_000
    while (receiver.received.length < EVENTS / 4 && Date.now() < deadline) await sleep(5)
    first.child.kill("SIGKILL")
    await first.exited
    const killedAt = Date.now()
    expect(receiver.received.length).toBeLessThan(EVENTS)

    const answeredBeforeKill = new Set(
      (
        await backend.query<{ message_id: string }>(
          "select message_id from nativ.webhook_deliveries where status = 'succeeded'",
        )
      ).map((r) => r.message_id),
    )
    expect(answeredBeforeKill.size).toBeGreaterThan(0)

    const second = await startServerProcess(env)
    await waitForReady(second.url)
    const ids = queued.map((d) => d.message_id)
    const distinct = () => new Set(receiver.received.map((r) => r.headers["webhook-id"]))
    // A row claimed by the dead process waits out its lease (30 s), then goes again.
    const until = Date.now() + 90_000
    while (distinct().size < EVENTS && Date.now() < until) await sleep(100)
    await sleep(1_500) // anything sent again would arrive now

    const received = receiver.received.map((r) => ({
      id: r.headers["webhook-id"] as string,
      at: r.at,
    }))
    // No event lost.
    expect([...distinct()].sort()).toEqual([...ids].sort())
    // In order: the first arrival of each id follows the order the events were queued.
    const firstArrivals = received.map((r) => r.id).filter((id, i, all) => all.indexOf(id) === i)
    expect(firstArrivals).toEqual(ids)
    // Sent once after it was recorded as answered: never. A repeat only for what was in flight.
    const counts = new Map<string, number>()
    for (const r of received) counts.set(r.id, (counts.get(r.id) ?? 0) + 1)
    for (const id of answeredBeforeKill) expect(counts.get(id), id).toBe(1)
    const repeated = [...counts].filter(([, n]) => n > 1).map(([id]) => id)
    expect(repeated.length).toBeLessThanOrEqual(1)
    for (const id of repeated)
      expect(received.find((r) => r.id === id)!.at).toBeLessThanOrEqual(killedAt)

    const list = (await (
      await call(second.url, `/webhooks/${created.id}/deliveries`)
    ).json()) as WebhookDeliveryList
    expect(list.deliveries).toHaveLength(EVENTS)
    expect(list.deliveries.every((d) => d.status === "succeeded")).toBe(true)
    // The one delivery at the head when the process died was claimed (and maybe sent) twice.
    const inFlight = ids.find((id) => !answeredBeforeKill.has(id))
    for (const d of list.deliveries)
      if (d.message_id === inFlight) expect([1, 2]).toContain(d.attempts)
      else expect(d.attempts, d.message_id).toBe(1)
    for (const id of repeated) expect(id).toBe(inFlight)
  }, 180_000)
})
