import http from "node:http"

/** One keep-alive agent for every request the bench process makes itself (loopback only). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })

export type HttpResponse = { status: number; headers: http.IncomingHttpHeaders; body: string }

export function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<HttpResponse> {
  const target = new URL(url)
  if (target.hostname !== "127.0.0.1") throw new Error(`bench requests stay on loopback: ${url}`)
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body)
  const headers: Record<string, string> = { ...init.headers }
  if (payload !== undefined) {
    headers["content-type"] = "application/json"
    headers["content-length"] = String(Buffer.byteLength(payload))
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      { method: init.method ?? (payload ? "POST" : "GET"), headers, agent, timeout: 120_000 },
      (res) => {
        const chunks: Buffer[] = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        )
        res.on("error", reject)
      },
    )
    req.on("timeout", () => req.destroy(new Error(`timeout: ${init.method ?? "GET"} ${url}`)))
    req.on("error", reject)
    if (payload !== undefined) req.write(payload)
    req.end()
  })
}

/** A request that must succeed; returns the parsed JSON body (or null for an empty body). */
export async function requestJson<T>(
  url: string,
  init: Parameters<typeof request>[1] = {},
): Promise<T> {
  const res = await request(url, init)
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${init.method ?? "GET"} ${url} → ${res.status}: ${res.body.slice(0, 300)}`)
  return (res.body ? JSON.parse(res.body) : null) as T
}

export function closeAgent() {
  agent.destroy()
}
