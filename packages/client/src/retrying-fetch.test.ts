import { describe, expect, it } from "vitest"

import { retryAfterMs, retryingFetch } from "./retrying-fetch"

/** A fetch that answers from a list, one reply per call, and records what it was sent. */
function scripted(...replies: { status: number; headers?: Record<string, string> }[]) {
  const seen: { method: string; body: string }[] = []
  const fetchImpl = (async (request: Request) => {
    seen.push({ method: request.method, body: await request.text() })
    const reply = replies[Math.min(seen.length - 1, replies.length - 1)]!
    return new Response(JSON.stringify({ n: seen.length }), reply)
  }) as typeof fetch
  return { fetchImpl, seen }
}

const waits: number[] = []
const options = {
  maxRetries: 2,
  baseDelayMs: 100,
  maxDelayMs: 5_000,
  sleep: async (ms: number) => void waits.push(ms),
}

const post = (headers: Record<string, string> = {}) =>
  new Request("http://api.test/api/v1/text/culturalize", {
    method: "POST",
    headers,
    body: '{"text":"Hi"}',
  })

describe("retryingFetch", () => {
  it("waits as long as Retry-After asks, then sends the same request again", async () => {
    waits.length = 0
    const { fetchImpl, seen } = scripted(
      { status: 429, headers: { "Retry-After": "2" } },
      { status: 200 },
    )
    const response = await retryingFetch(() => fetchImpl, options)(post())
    expect(response.status).toBe(200)
    expect(waits).toEqual([2_000])
    expect(seen).toEqual([
      { method: "POST", body: '{"text":"Hi"}' },
      { method: "POST", body: '{"text":"Hi"}' },
    ])
  })

  it("backs off exponentially and gives up after maxRetries with the last answer", async () => {
    waits.length = 0
    const { fetchImpl, seen } = scripted({ status: 503 })
    const response = await retryingFetch(() => fetchImpl, options)(post())
    expect(response.status).toBe(503)
    expect(seen).toHaveLength(3)
    expect(waits).toEqual([100, 200])
  })

  it("repeats a failed POST only when it carries an Idempotency-Key", async () => {
    const plain = scripted({ status: 502 }, { status: 200 })
    expect((await retryingFetch(() => plain.fetchImpl, options)(post())).status).toBe(502)
    expect(plain.seen).toHaveLength(1)

    const keyed = scripted({ status: 502 }, { status: 200 })
    const response = await retryingFetch(
      () => keyed.fetchImpl,
      options,
    )(post({ "Idempotency-Key": "k-1" }))
    expect(response.status).toBe(200)
    expect(keyed.seen).toHaveLength(2)
  })

  it("never retries a client error, and does not wait longer than maxDelayMs", async () => {
    const refused = scripted({ status: 402 }, { status: 200 })
    expect((await retryingFetch(() => refused.fetchImpl, options)(post())).status).toBe(402)
    expect(refused.seen).toHaveLength(1)

    const slow = scripted({ status: 429, headers: { "Retry-After": "60" } }, { status: 200 })
    expect((await retryingFetch(() => slow.fetchImpl, options)(post())).status).toBe(429)
    expect(slow.seen).toHaveLength(1)
  })

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const at = (value: string) => new Response(null, { headers: { "Retry-After": value } })
    const now = Date.parse("2026-11-24T12:00:00Z")
    expect(retryAfterMs(at("3"), now)).toBe(3_000)
    expect(retryAfterMs(at("Tue, 24 Nov 2026 12:00:05 GMT"), now)).toBe(5_000)
    expect(retryAfterMs(at("soon"), now)).toBeUndefined()
  })
})
