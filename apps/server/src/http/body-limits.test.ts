import http from "node:http"

import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { roomyLimits } from "../auth/test-kit"
import { createTestUser, type TestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

/**
 * Every protocol refuses a body over its limit with 413 while it streams in: a client that
 * declares a huge Content-Length is refused before sending it, and a chunked upload of 256 MB is
 * cut off after about the limit, quickly and without the server's memory growing with it.
 */
const MB = 1024 * 1024
const CHUNK = Buffer.alloc(64 * 1024, "a")

type Upload = { status: number; body: string; ms: number; sent: number; peakRssGrowth: number }

/**
 * POSTs `total` bytes, chunked or with Content-Length, writing only as fast as the server reads
 * and stopping at the first answer.
 */
function upload(
  url: string,
  path: string,
  headers: Record<string, string>,
  total: number,
  chunked: boolean,
): Promise<Upload> {
  const started = performance.now()
  const rssBefore = process.memoryUsage().rss
  let peak = rssBefore
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const req = http.request(`${url}${path}`, {
      method: "POST",
      headers: {
        ...headers,
        "Content-Type": "application/json",
        ...(chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(total) }),
      },
    })
    const finish = (result: Omit<Upload, "ms" | "sent" | "peakRssGrowth">) => {
      clearInterval(sampler)
      peak = Math.max(peak, process.memoryUsage().rss)
      resolve({ ...result, ms: performance.now() - started, sent, peakRssGrowth: peak - rssBefore })
      req.destroy()
    }
    req.on("response", (res) => {
      answered = true
      let body = ""
      res.setEncoding("utf8")
      res.on("data", (d: string) => (body += d))
      res.on("end", () => finish({ status: res.statusCode ?? 0, body }))
      res.on("error", () => finish({ status: res.statusCode ?? 0, body }))
    })
    req.on("error", (error) => {
      if (!answered) {
        clearInterval(sampler)
        reject(error)
      }
    })
    const pump = () => {
      while (!answered && sent < total) {
        sent += CHUNK.length
        if (!req.write(CHUNK)) return void req.once("drain", pump)
      }
      if (!answered) req.end()
    }
    pump()
  })
}

describe("body limits while the body streams in", () => {
  let app: TestApp
  let user: TestUser
  beforeAll(async () => {
    app = await createTestApp(roomyLimits)
    user = await createTestUser(app)
  })
  afterAll(() => app.close())

  const endpoints = [
    { path: "/rest/v1/user_feedback", limit: 1_000_000, code: "PGRST413" },
    { path: "/functions/v1/verify-payment", limit: 10_000, code: undefined },
    { path: "/api/v1/api-keys", limit: MB, code: "invalid_request" },
    { path: "/auth/v1/signup", limit: 64 * 1024, code: "validation_failed" },
  ]
  const headers = () => ({ apikey: app.deps.keys.anon, Authorization: `Bearer ${user.token}` })

  it.each(endpoints)(
    "$path refuses a 256 MB chunked upload with 413 after about its limit",
    async ({ path, limit, code }) => {
      const res = await upload(app.url, path, headers(), 256 * MB, true)
      expect(res.status, res.body).toBe(413)
      const json = JSON.parse(res.body) as Record<string, unknown>
      if (code) expect(JSON.stringify(json)).toContain(code)
      else expect(typeof json.error).toBe("string")
      expect(res.ms).toBeLessThan(3_000)
      // Refused once the limit is passed: what was sent is the limit plus what the sockets buffer.
      expect(res.sent).toBeLessThan(limit + 16 * MB)
      expect(res.peakRssGrowth).toBeLessThan(64 * MB)
    },
  )

  it.each(endpoints)(
    "$path refuses a declared 256 MB Content-Length with 413 before reading it",
    async ({ path }) => {
      const res = await upload(app.url, path, headers(), 256 * MB, false)
      expect(res.status, res.body).toBe(413)
      expect(res.ms).toBeLessThan(3_000)
      expect(res.sent).toBeLessThan(32 * MB)
    },
  )

  it("still accepts a body just under the REST limit", async () => {
    const feedback = "f".repeat(4_000)
    const res = await app.fetch("/rest/v1/user_feedback", {
      method: "POST",
      headers: { ...headers(), "Content-Type": "application/json" },
      body: JSON.stringify(
        Array.from({ length: 200 }, () => ({
          user_id: user.id,
          source: "s",
          result: "r",
          language: "German",
          feedback,
        })),
      ),
    })
    expect(res.status, await res.text()).toBe(201)
  })
})
