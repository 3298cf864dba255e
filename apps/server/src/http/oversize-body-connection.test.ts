import { connect, type Socket } from "node:net"

import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { roomyLimits } from "../auth/test-kit"
import { createTestApp, type TestApp } from "../testing/test-app"

/**
 * After a 413 the connection is either closed cleanly, having told the client so
 * (`Connection: close`, then FIN, never a reset that could swallow the answer), or still serves the
 * client's next request. Driven over raw sockets: an HTTP client library would hide a reset or
 * retry the next request on a fresh connection.
 */
const KB = 1024
const MB = 1024 * KB

type RawResponse = { status: number; headers: Record<string, string>; body: string }

/** Reads HTTP responses off one socket and records how the connection ends. */
class RawConnection {
  private buffer = Buffer.alloc(0)
  private waiters: (() => void)[] = []
  ended = false
  error: string | null = null

  constructor(readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk])
      this.wake()
    })
    socket.on("end", () => {
      this.ended = true
      this.wake()
    })
    socket.on("error", (error: NodeJS.ErrnoException) => {
      this.error = error.code ?? error.message
      this.wake()
    })
    socket.on("close", () => this.wake())
  }

  static open(url: string) {
    const { hostname, port } = new URL(url)
    return new Promise<RawConnection>((resolve, reject) => {
      const socket = connect({ host: hostname, port: Number(port) }, () =>
        resolve(new RawConnection(socket)),
      )
      socket.once("error", reject)
    })
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter()
  }

  private changed() {
    return new Promise<void>((resolve) => this.waiters.push(resolve))
  }

  /** The next complete response; throws when the connection ends or fails first. */
  async response(): Promise<RawResponse> {
    for (;;) {
      const head = this.buffer.indexOf("\r\n\r\n")
      if (head >= 0) {
        const [statusLine, ...lines] = this.buffer
          .subarray(0, head)
          .toString("latin1")
          .split("\r\n")
        const headers = Object.fromEntries(
          lines.map((line) => {
            const colon = line.indexOf(":")
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()]
          }),
        )
        const length = Number(headers["content-length"] ?? NaN)
        if (!Number.isInteger(length)) throw new Error(`no Content-Length: ${statusLine}`)
        if (this.buffer.length >= head + 4 + length) {
          const body = this.buffer.subarray(head + 4, head + 4 + length).toString("utf8")
          this.buffer = this.buffer.subarray(head + 4 + length)
          return { status: Number(statusLine!.split(" ")[1]), headers, body }
        }
      }
      if (this.error || this.ended || this.socket.destroyed)
        throw new Error(`connection ${this.error ?? "closed"} before a whole response`)
      await this.changed()
    }
  }

  /** Resolves once the server has closed the connection, with how it ended. */
  async closed(timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs
    while (!this.ended && !this.error && Date.now() < deadline)
      await Promise.race([this.changed(), sleep(50)])
    this.socket.end()
    return { ended: this.ended, error: this.error }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function head(method: string, path: string, headers: Record<string, string>) {
  const lines = Object.entries({ Host: "localhost", ...headers }).map(([k, v]) => `${k}: ${v}`)
  return `${method} ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`
}

describe("the connection after a 413", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp(roomyLimits)
  })
  afterAll(() => app.close())

  const protocols = [
    { path: "/auth/v1/signup", limit: 64 * KB },
    { path: "/rest/v1/user_feedback", limit: 1_000_000 },
    { path: "/functions/v1/verify-payment", limit: 10_000 },
    { path: "/api/v1/api-keys", limit: MB },
    { path: "/mcp", limit: MB },
  ]
  const headers = (length: number) => ({
    apikey: app.deps.keys.anon,
    Authorization: `Bearer ${app.deps.keys.anon}`,
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    "Content-Length": String(length),
  })

  /** Either `Connection: close` and a clean close, or the next request on it is answered. */
  async function expectUsableOrCleanlyClosed(connection: RawConnection, refused: RawResponse) {
    if (refused.headers.connection?.toLowerCase() === "close") {
      expect(await connection.closed()).toEqual({ ended: true, error: null })
      return
    }
    connection.socket.write(head("GET", "/healthz", {}))
    const next = await connection.response()
    expect(next.status).toBe(200)
    connection.socket.end()
  }

  it.each(protocols)(
    "$path: a whole oversized body gets 413, then the connection serves on or closes cleanly",
    async ({ path, limit }) => {
      const connection = await RawConnection.open(app.url)
      const size = limit + 64 * KB
      connection.socket.write(head("POST", path, headers(size)))
      connection.socket.write(Buffer.alloc(size, "a"))
      const refused = await connection.response()
      expect(refused.status, refused.body).toBe(413)
      await expectUsableOrCleanlyClosed(connection, refused)
    },
  )

  it.each(protocols)(
    "$path: a client still sending a large body reads the whole 413, and the close is clean",
    async ({ path }) => {
      const connection = await RawConnection.open(app.url)
      const declared = 64 * MB
      connection.socket.write(head("POST", path, headers(declared)))
      const chunk = Buffer.alloc(64 * KB, "a")
      let answered = false
      const pump = async () => {
        for (let sent = 0; sent < declared && !answered && !connection.socket.destroyed;) {
          sent += chunk.length
          if (!connection.socket.write(chunk))
            await Promise.race([new Promise((r) => connection.socket.once("drain", r)), sleep(100)])
        }
      }
      const pumping = pump()
      const refused = await connection.response()
      answered = true
      await pumping
      expect(refused.status, refused.body).toBe(413)
      // The rest of the declared body was never sent: only a close can end this exchange.
      expect(refused.headers.connection?.toLowerCase()).toBe("close")
      expect(await connection.closed()).toEqual({ ended: true, error: null })
    },
  )
})
