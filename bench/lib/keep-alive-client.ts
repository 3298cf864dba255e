import net from "node:net"

/** One HTTP/1.1 request as raw bytes, ready to be written again and again. */
export function encodeRequest(
  host: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${host}`, "Connection: keep-alive"]
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`)
  return Buffer.from(`${lines.join("\r\n")}\r\n\r\n${body ?? ""}`)
}

type Pending = { head: boolean; resolve: (status: number) => void; reject: (e: Error) => void }

/**
 * One keep-alive connection that sends a request, reads its whole response and resolves with the
 * status, as a browser's connection does. Node's own clients (http, undici) open a new connection
 * after every HEAD answered without Content-Length, which Chromium does not; load measured with
 * them would charge a TCP handshake to every counted HEAD (the Operations page's count).
 * Responses are framed by Content-Length or chunked encoding; HEAD, 1xx, 204 and 304 carry none.
 */
export class KeepAliveConnection {
  private socket: net.Socket
  private buffer: Buffer = Buffer.alloc(0)
  private pending: Pending | null = null
  private closed: Error | null = null

  private constructor(socket: net.Socket) {
    this.socket = socket
    socket.setNoDelay(true)
    socket.on("data", (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk
      this.parse()
    })
    const fail = (error: Error) => {
      this.closed = error
      this.pending?.reject(error)
      this.pending = null
    }
    socket.on("error", fail)
    socket.on("close", () => fail(new Error("connection closed by the server")))
  }

  static open(port: number): Promise<KeepAliveConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(new KeepAliveConnection(socket)))
      socket.once("error", reject)
    })
  }

  send(request: Buffer, head: boolean): Promise<number> {
    if (this.closed) return Promise.reject(this.closed)
    if (this.pending) return Promise.reject(new Error("one request at a time per connection"))
    return new Promise((resolve, reject) => {
      this.pending = { head, resolve, reject }
      this.socket.write(request)
    })
  }

  close() {
    this.socket.destroy()
  }

  /** Completes the pending request once its whole response is buffered. */
  private parse() {
    if (!this.pending) return
    const end = this.buffer.indexOf("\r\n\r\n")
    if (end === -1) return
    const head = this.buffer.subarray(0, end).toString("latin1")
    const status = Number(head.slice(9, 12))
    let bodyEnd = end + 4
    const noBody = this.pending.head || status < 200 || status === 204 || status === 304
    if (!noBody) {
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
      if (length) {
        bodyEnd += Number(length[1])
        if (this.buffer.length < bodyEnd) return
      } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
        const last = this.buffer.indexOf("\r\n0\r\n\r\n", end + 2)
        if (last === -1) return
        bodyEnd = last + 7
      } else {
        this.pending.reject(new Error(`unframed ${status} response: cannot keep the connection`))
        this.pending = null
        this.socket.destroy()
        return
      }
    }
    this.buffer = this.buffer.subarray(bodyEnd)
    const { resolve } = this.pending
    this.pending = null
    resolve(status)
  }
}
