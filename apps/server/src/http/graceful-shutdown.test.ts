import { createServer, request } from "node:http"
import type { AddressInfo } from "node:net"

import { describe, expect, it } from "vitest"

import { holdRequest } from "../reliability/held-request"
import { trackRequests } from "./graceful-shutdown"

/** A plain Node server whose answers take `delayMs`, tracked for shutdown. */
async function slowServer(delayMs: number) {
  const server = createServer((_req, res) => setTimeout(() => res.end("done"), delayMs))
  const drainer = trackRequests(server, 50)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  const get = () =>
    new Promise<{ status: number; connection?: string; retryAfter?: string } | { error: string }>(
      (resolve) => {
        request({ host: "127.0.0.1", port, path: "/", agent: false }, (res) => {
          res.resume()
          res.on("end", () =>
            resolve({
              status: res.statusCode!,
              connection: res.headers.connection,
              ...(res.headers["retry-after"] ? { retryAfter: res.headers["retry-after"] } : {}),
            }),
          )
        })
          .on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }))
          .end()
      },
    )
  return { server, drainer, get, url: `http://127.0.0.1:${port}` }
}

/** Holds the event loop, as a query on PGlite or a starved machine does. */
function holdTheLoop(ms: number) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    // busy: nothing else in this process runs
  }
}

describe("draining the server on shutdown", () => {
  it("answers the request in flight with Connection: close, then refuses new connections", async () => {
    const { drainer, get } = await slowServer(300)
    const inFlight = get()
    await new Promise((r) => setTimeout(r, 50))
    expect(drainer.inFlight()).toBe(1)
    const drained = drainer.drain(5_000)
    expect(await inFlight).toEqual({ status: 200, connection: "close" })
    expect(await drained).toBe(true)
    expect(await get()).toEqual({ error: "ECONNREFUSED" })
  })

  it("answers a connection that arrives while it drains 503 with Retry-After, unprocessed", async () => {
    const { drainer, get } = await slowServer(300)
    const inFlight = get()
    await new Promise((r) => setTimeout(r, 50))
    const drained = drainer.drain(5_000)
    const started = Date.now()
    expect(await get()).toEqual({ status: 503, connection: "close", retryAfter: "1" })
    expect(Date.now() - started).toBeLessThan(200)
    expect(drainer.inFlight()).toBe(1)
    expect(await inFlight).toEqual({ status: 200, connection: "close" })
    expect(await drained).toBe(true)
  })

  it("answers what arrived while the loop was held, although the quiet spell ran out meanwhile", async () => {
    const { drainer, get, url } = await slowServer(100)
    // Connections accepted before the signal whose requests are sent only later.
    const accepted = await Promise.all(
      Array.from({ length: 5 }, () =>
        holdRequest(url, "/", { agent: false, headers: {}, body: "" }),
      ),
    )
    await new Promise((r) => setTimeout(r, 50))
    const inFlight = get()
    await new Promise((r) => setTimeout(r, 30))
    const drained = drainer.drain(5_000)
    expect(await inFlight).toEqual({ status: 200, connection: "close" })

    // The quiet spell (50 ms) has begun; requests and new connections arrive while the loop is
    // held past its end.
    for (const request of accepted) request.send()
    const queued = Array.from({ length: 5 }, get)
    holdTheLoop(200)

    const answers = await Promise.all([...accepted.map((r) => r.answer), ...queued])
    expect(answers.map((a) => ("error" in a ? a.error : `${a.status} ${a.connection}`))).toEqual([
      ...Array<string>(5).fill("200 close"),
      ...Array<string>(5).fill("503 close"),
    ])
    expect(await drained).toBe(true)
  })

  it("reports a request that outlives the shutdown timeout", async () => {
    const { drainer, get } = await slowServer(2_000)
    const inFlight = get()
    await new Promise((r) => setTimeout(r, 50))
    const started = Date.now()
    expect(await drainer.drain(200)).toBe(false)
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(await inFlight).toMatchObject({ error: expect.any(String) })
  })
})
