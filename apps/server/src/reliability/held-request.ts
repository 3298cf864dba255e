import { type Agent, request } from "node:http"

/**
 * An HTTP request whose connection is open (and accepted) but whose bytes are not sent until
 * `send()`: the way to have requests truly in flight at the instant a signal arrives. `agent`
 * decides the client kind: a keep-alive agent reuses its warm connections, `false` opens a fresh
 * `Connection: close` one.
 */
export type Answer =
  | {
      status: number
      connection: string | undefined
      retryAfter: string | undefined
      body: string
    }
  | { error: string }

export type HeldRequest = { send(): void; answer: Promise<Answer> }

export function holdRequest(
  url: string,
  path: string,
  init: { headers: Record<string, string>; body: string; agent: Agent | false },
): Promise<HeldRequest> {
  const target = new URL(path, url)
  const req = request({
    host: target.hostname,
    port: target.port,
    path: target.pathname + target.search,
    method: "POST",
    agent: init.agent,
    headers: { ...init.headers, "Content-Length": String(Buffer.byteLength(init.body)) },
  })
  const answer = new Promise<Answer>((resolve) => {
    req.on("response", (res) => {
      let body = ""
      res.setEncoding("utf8")
      res.on("data", (chunk: string) => (body += chunk))
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          connection: res.headers.connection,
          retryAfter: res.headers["retry-after"],
          body,
        }),
      )
    })
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message }),
    )
  })
  return new Promise((resolve) => {
    req.on("socket", (socket) => {
      const held = { send: () => req.end(init.body), answer }
      if (socket.connecting) socket.once("connect", () => resolve(held))
      else resolve(held)
    })
  })
}
