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
  server.on("connection", (socket: Socket) => {
    sockets.add(socket)
    if (draining) late.add(socket)
    socket.once("close", () => sockets.delete(socket))
  })
  // The app's listeners, called only for requests we serve.
  const serve = server.listeners("request") as ((...args: unknown[]) => void)[]
  server.removeAllListeners("request")
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (late.has(req.socket)) return refuse(req, res)
    active.add(res)
    if (draining) res.setHeader("Connection", "close")
    res.once("close", () => {
      active.delete(res)
      onChange()
    })
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
        const finish = (drained: boolean) => {
          clearTimeout(deadline)
          clearTimeout(idleTimer)
          onChange = () => {}
          // Nothing of ours is running now, so the event loop has just accepted whatever the
          // kernel had queued: closing the listener resets no one who was waiting.
          NetServer.prototype.close.call(server)
          for (const socket of sockets) socket.destroy()
          resolve(drained)
        }
        // A request may still be arriving on an idle connection: close them only after a quiet spell.
        onChange = () => {
          clearTimeout(idleTimer)
          if (active.size === 0)
            idleTimer = setTimeout(() => active.size === 0 && finish(true), idleGraceMs)
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
