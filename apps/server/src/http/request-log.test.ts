import { Writable } from "node:stream"

import { Hono } from "hono"
import { requestId } from "hono/request-id"
import pino from "pino"
import { describe, expect, it } from "vitest"

import { requestLog } from "./request-log"

describe("the request log", () => {
  it("logs method, path and status of an email link, never the tokens in its query string", async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const app = new Hono()
      .use(requestId())
      .use(requestLog(pino({ level: "info" }, stream)))
      .get("*", (c) => c.text("ok"))
    await app.request("/auth/v1/verify?type=signup&token=tok-secret-1&redirect_to=x")
    await app.request("/email-confirmed?token_hash=tok-secret-2&type=email")
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(entries.map((e) => [e.method, e.path, e.status])).toEqual([
      ["GET", "/auth/v1/verify", 200],
      ["GET", "/email-confirmed", 200],
    ])
    expect(lines.join("")).not.toContain("tok-secret")
  })
})
