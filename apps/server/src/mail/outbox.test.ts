import { Writable } from "node:stream"

import pino from "pino"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createAuthTestApp, uniqueEmail } from "../auth/test-kit"
import { createTestApp, type TestApp } from "../testing/test-app"
import { type OutboxMessage, outboxTransport } from "./outbox"

describe("the mail outbox and /_mail", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createAuthTestApp()
  })
  afterAll(() => app.close())

  it("lists sent emails newest first as JSON with id, to, subject, text, html and created_at", async () => {
    const email = uniqueEmail("outbox")
    await app.client().auth.signUp({ email, password: "secret-123" })
    await app.client().auth.resetPasswordForEmail(email)
    const res = await app.fetch("/_mail/messages.json")
    expect(res.status).toBe(200)
    const all = (await res.json()) as OutboxMessage[]
    const mine = all.filter((m) => m.to === email)
    expect(mine.map((m) => m.subject)).toEqual([
      "Reset your Nativ password",
      "Confirm your Nativ account",
    ])
    expect(Object.keys(mine[0]!).sort()).toEqual([
      "created_at",
      "html",
      "id",
      "subject",
      "text",
      "to",
    ])
    expect(Date.parse(mine[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(mine[1]!.created_at))
    expect(mine[0]!.html).toContain("<a href=")
  })

  it("shows an inbox page with each email's subject and clickable links, escaped", async () => {
    const email = uniqueEmail("page")
    await app.client().auth.signUp({
      email,
      password: "secret-123",
      options: { data: { company_name: "<script>alert(1)</script>" } },
    })
    const res = await app.fetch("/_mail")
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toContain("text/html")
    const page = await res.text()
    expect(page).toContain("Confirm your Nativ account")
    expect(page).toContain(email)
    expect(page).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/email-confirmed\?token_hash=/)
    expect(page).not.toContain("<script>")
  })

  it("logs each message's address and subject, never its links (they carry tokens) nor its body", async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const mailer = outboxTransport(app.deps.database.db, pino({ level: "info" }, stream))
    await mailer.send({
      to: "log@example.test",
      subject: "Hello",
      text: "Your password is hunter22. Go to https://nativ.example/a?token=tok-123 now.",
      html: '<p>hunter22 <a href="https://nativ.example/a?token_hash=tok-456">go</a></p>',
    })
    const entry = JSON.parse(lines.at(-1)!) as { to: string; subject: string }
    expect(entry).toMatchObject({ to: "log@example.test", subject: "Hello" })
    const logged = lines.join("")
    for (const secret of ["hunter22", "tok-123", "tok-456", "nativ.example/a"])
      expect(logged).not.toContain(secret)
  })
})

describe("/_mail in production", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({
      NODE_ENV: "production",
      JWT_SECRET: "production-secret-that-is-long-enough-for-hs256",
      MAIL_TRANSPORT: "outbox",
    })
  })
  afterAll(() => app.close())

  it("is not served unless dev routes are enabled", async () => {
    expect((await app.fetch("/_mail/messages.json")).status).toBe(404)
  })
})
