import type { IncomingMessage, Server, ServerResponse } from "node:http"
import { Server as NetServer, type Socket } from "node:net"

/**
 * Shutdown that loses no request. Node's own `server.close()` destroys every connection without a
 * parsed request, so a request still on its way over an accepted connection (a fresh
 * `Connection: close` one, or an idle keep-alive one) gets a reset, although the client sent it.
 * Instead every answer from then on says `Connection: close`, each request on a connection we had
 * accepted is served, and idle connections are closed only once nothing has been in flight for
 * `idleGraceMs`.
 *
 * Closing the listener would also reset the connections the kernel has queued but we have not
 * accepted yet (many on PGlite, whose queries hold the event loop). So the listener stays open
 * until the drain ends, and a connection accepted after the signal is answered 503 with
 * `Retry-After` and `Connection: close` without being processed: the client knows to retry
 * elsewhere or later.
 *
 * "Quiet" is counted in turns of the event loop, not only in time: a process that was held (by a
 * query on the loop, or by a starved machine) runs its due timers before it looks at the sockets,
 * so the quiet spell can end while connections and requests wait unread. The drain ends only after
 * two polls of the sockets (one accepts what is queued, the next reads what those sent) found
 * nothing new.
 */
export type Drainer = {
  /** Resolves true once every request is answered, false when `timeoutMs` passes first. */
  drain(timeoutMs: number): Promise<boolean>
  /** Requests being served right now. */
  inFlight(): number
}

export function trackRequests(server: Server, idleGraceMs = 300): Drainer {
  const sockets = new Set<Socket>()
  const active = new Set<ServerResponse>()
  let draining = false
  let onChange = () => {}

  const late = new WeakSet<Socket>()
  // Connections and requests seen so far: the drain ends only when a loop turn adds none.
  let arrivals = 0
  server.on("connection", (socket: Socket) => {
    arrivals++
    sockets.add(socket)
    if (draining) late.add(socket)
    socket.once("close", () => sockets.delete(socket))
  })
  // The app's listeners, called only for requests we serve.
  const serve = server.listeners("request") as ((...args: unknown[]) => void)[]
  server.removeAllListeners("request")
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    arrivals++
    active.add(res)
    res.once("close", () => {
      active.delete(res)
      onChange()
    })
    if (late.has(req.socket)) return refuse(req, res)
    if (draining) res.setHeader("Connection", "close")
    for (const listener of serve) listener.call(server, req, res)
  })

  return {
    inFlight: () => active.size,
    drain(timeoutMs) {
      draining = true
      for (const res of active) if (!res.headersSent) res.setHeader("Connection", "close")
      return new Promise<boolean>((resolve) => {
        let idleTimer: NodeJS.Timeout | undefined
        const deadline = setTimeout(() => finish(false), timeoutMs)
        let finished = false
        const finish = (drained: boolean) => {
          if (finished) return
          finished = true
          clearTimeout(deadline)
          clearTimeout(idleTimer)
          onChange = () => {}
          // The last two polls found nothing queued: closing the listener resets no one waiting.
          NetServer.prototype.close.call(server)
          for (const socket of sockets) socket.destroy()
          resolve(drained)
        }
        // A request may still be arriving on an idle connection: close them only after a quiet
        // spell, and two turns of the loop that brought nothing new.
        const quiet = () => active.size === 0
        const afterTwoPolls = (then: () => void) => setImmediate(() => setImmediate(then))
        onChange = () => {
          clearTimeout(idleTimer)
          if (!quiet()) return
          idleTimer = setTimeout(() => {
            const seen = arrivals
            afterTwoPolls(() => {
              if (!quiet()) return
              if (arrivals === seen) finish(true)
              else onChange()
            })
          }, idleGraceMs)
        }
        onChange()
      })
    },
  }
}

/** What a connection that arrived after the signal gets: nothing was processed, retry. */
function refuse(req: IncomingMessage, res: ServerResponse) {
  const message = "The server is restarting. Please try again in a moment."
  const path = req.url ?? "/"
  // Each protocol's own error shape (docs/architecture.md).
  const body = path.startsWith("/auth/")
    ? { code: 503, error_code: "service_unavailable", msg: message }
    : path.startsWith("/rest/")
      ? { code: "PGRST503", message, details: null, hint: null }
      : path.startsWith("/functions/")
        ? { error: message }
        : { error: { code: "service_unavailable", message } }
  const json = JSON.stringify(body)
  res.writeHead(503, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(json),
    "Retry-After": "1",
    Connection: "close",
  })
  res.end(json)
}
