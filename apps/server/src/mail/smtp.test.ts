import { createServer, type Server } from "node:net"

import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { roomyLimits, uniqueEmail } from "../auth/test-kit"
import { createTestApp, type TestApp } from "../testing/test-app"

/** Just enough of an SMTP server to receive what nodemailer sends. */
function fakeSmtpServer() {
  const messages: string[] = []
  const server: Server = createServer((socket) => {
    let buffer = ""
    let body: string[] | null = null
    socket.write("220 fake ESMTP\r\n")
    socket.on("data", (chunk) => {
      buffer += chunk.toString()
      let end: number
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (body) {
          if (line === ".") {
            messages.push(body.join("\n"))
            body = null
            socket.write("250 queued\r\n")
          } else body.push(line)
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === "EHLO" || verb === "HELO") socket.write("250 fake\r\n")
        else if (verb === "DATA") {
          body = []
          socket.write("354 go ahead\r\n")
        } else if (verb === "QUIT") socket.end("221 bye\r\n")
        else socket.write("250 ok\r\n")
      }
    })
  })
  return new Promise<{ port: number; messages: string[]; close(): Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as { port: number }).port,
        messages,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  )
}

describe("MAIL_TRANSPORT=smtp", () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtpServer>>
  let app: TestApp
  beforeAll(async () => {
    smtp = await fakeSmtpServer()
    app = await createTestApp({
      ...roomyLimits,
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Nativ <hello@nativ.test>",
    })
  })
  afterAll(async () => {
    await app.close()
    await smtp.close()
  })

  it("delivers the confirmation email through the SMTP server", async () => {
    const email = uniqueEmail("smtp")
    const { error } = await app.client().auth.signUp({ email, password: "secret-123" })
    expect(error).toBeNull()
    const message = smtp.messages.find((m) => m.includes(email))
    expect(message).toBeDefined()
    expect(message).toContain("Subject: Confirm your Nativ account")
    expect(message).toContain("From: Nativ <hello@nativ.test>")
    // The body is quoted-printable: undo its soft line breaks and escaped "=".
    const body = message!.replace(/=\n/g, "").replace(/=3D/g, "=")
    expect(body).toContain(`${app.url}/email-confirmed?token_hash=`)
  })

  it("does not serve /_mail", async () => {
    expect((await app.fetch("/_mail/messages.json")).status).toBe(404)
  })
})
