import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/** One request a test receiver got. */
export type Received = {
  at: number
  path: string
  headers: IncomingHttpHeaders
  body: string
  /** The status the receiver answered. */
  status: number
}

/** What a receiver answers a request: a status, or a full reply written by the test. */
export type Answer = number | ((res: ServerResponse) => void)

/**
 * A webhook receiver on 127.0.0.1 for tests: it records every request and answers what `answer`
 * says (200 unless told otherwise), so tests see exactly what was sent.
 */
export async function startReceiver(
  answer: (received: Omit<Received, "status">) => Answer = () => 200,
) {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const request = {
        at: Date.now(),
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      }
      const reply = answer(request)
      if (typeof reply === "number") {
        received.push({ ...request, status: reply })
        res.writeHead(reply, { "content-type": "text/plain" }).end(`answered ${reply}`)
      } else {
        received.push({ ...request, status: 0 })
        reply(res)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
