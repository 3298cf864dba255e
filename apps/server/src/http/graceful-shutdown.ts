import type { IncomingMessage, Server, ServerResponse } from "node:http"
import { Server as NetServer, type Socket } from "node:net"

/**
 * Shutdown that loses no request. Node's own `server.close()` destroys every connection without a
 * parsed request, so a request still on its way over an accepted connection (a fresh
 * `Connection: close` one, or an idle keep-alive one) gets a reset, although the client sent it.
 * Instead the listener stops accepting, every answer from then on says `Connection: close`, each
 * request that reaches us is served, and idle connections are closed only once nothing has been
 * in flight for `idleGraceMs`.
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

  server.on("connection", (socket: Socket) => {
    sockets.add(socket)
    socket.once("close", () => sockets.delete(socket))
  })
  // First listener: runs before the app sees the request, while the headers can still change.
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    active.add(res)
    if (draining) res.setHeader("Connection", "close")
    res.once("close", () => {
      active.delete(res)
      onChange()
    })
  })

  return {
    inFlight: () => active.size,
    drain(timeoutMs) {
      draining = true
      for (const res of active) if (!res.headersSent) res.setHeader("Connection", "close")
      NetServer.prototype.close.call(server)
      return new Promise<boolean>((resolve) => {
        let idleTimer: NodeJS.Timeout | undefined
        const deadline = setTimeout(() => finish(false), timeoutMs)
        const finish = (drained: boolean) => {
          clearTimeout(deadline)
          clearTimeout(idleTimer)
          onChange = () => {}
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
