import type { Server, ServerResponse } from "node:http"
import type { Socket } from "node:net"

/** How long a closing connection keeps reading what the client still sends. */
const LINGER_MS = 2_000

/**
 * Connections close without losing the last answer.
 *
 * - A 413 says `Connection: close`: the refused body is mostly still on its way, so the connection
 *   cannot carry another request (without this Node says keep-alive, then @hono/node-server gives
 *   up draining the body and drops the connection under the client's next request).
 * - Closing is a lingering close, as nginx does: FIN once the answer is written, then the bytes the
 *   client still sends are read and dropped until it closes its side (or LINGER_MS passes). Node's
 *   own close destroys the socket at once, and a kernel that gets data for a closed socket answers
 *   with a reset, which can reach the client before it has read our answer.
 */
export function closeCleanly(server: Server, lingerMs = LINGER_MS) {
  server.on("connection", (socket: Socket) => {
    socket.destroySoon = lingeringClose(socket, lingerMs)
  })
  server.prependListener("request", (_req, res: ServerResponse) => {
    const writeHead = res.writeHead
    res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
      // Node then writes `Connection: close` and closes the connection after this answer.
      if (args[0] === 413) this.shouldKeepAlive = false
      return writeHead.apply(this, args)
    } as typeof writeHead
  })
}

function lingeringClose(socket: Socket, lingerMs: number) {
  // Node's own: end, then destroy once the written data is flushed.
  const closeNow = socket.destroySoon.bind(socket)
  let lingering = false
  return () => {
    if (socket.readableEnded || socket.destroyed) return closeNow()
    if (lingering) return
    lingering = true
    socket.end()
    // The client's FIN: it has read our answer and sends nothing more.
    socket.once("end", closeNow)
    const timer = setTimeout(() => socket.destroy(), lingerMs)
    timer.unref()
    socket.once("close", () => clearTimeout(timer))
    socket.resume()
  }
}
