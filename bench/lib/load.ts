import autocannon from "autocannon"

import { encodeRequest, KeepAliveConnection } from "./keep-alive-client"
import { percentile } from "./stats"

export type LoadResult = {
  rps: number
  p50: number
  p99: number
  requests: number
  non2xx: number
  errors: number
  timeouts: number
}

export type LoadRequest = {
  method: "GET" | "HEAD" | "POST"
  path: string
  headers?: Record<string, string>
  body?: string
}

/**
 * Load from this process (the server runs in another): autocannon with `connections` concurrent
 * keep-alive connections, each cycling through `requests`, for `seconds` or for `amount` requests.
 */
export async function load(
  url: string,
  requests: LoadRequest[],
  options: { connections: number; seconds?: number; amount?: number },
): Promise<LoadResult> {
  if (!url.startsWith("http://127.0.0.1:")) throw new Error("load stays on loopback")
  const result = await autocannon({
    url,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 10 }),
    timeout: 30,
    requests: requests.map((r) => ({
      method: r.method,
      path: r.path,
      headers: r.headers ?? {},
      ...(r.body === undefined ? {} : { body: r.body }),
    })),
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }
}

/**
 * A closed loop of `connections` keep-alive connections from this process, each sending `requests`
 * in turn for `seconds`, reusing its connection after every answer as a browser does (HEAD
 * included, which autocannon and Node's own clients cannot: see keep-alive-client.ts).
 */
export async function closedLoop(
  url: string,
  requests: LoadRequest[],
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  if (!url.startsWith("http://127.0.0.1:")) throw new Error("load stays on loopback")
  const { host, port } = new URL(url)
  const encoded = requests.map((r) => ({
    head: r.method === "HEAD",
    bytes: encodeRequest(host, r.method, r.path, r.headers, r.body),
  }))
  const latencies: number[] = []
  let non2xx = 0
  let errors = 0
  const started = performance.now()
  const deadline = started + options.seconds * 1000
  await Promise.all(
    Array.from({ length: options.connections }, async (_, worker) => {
      let connection = await KeepAliveConnection.open(Number(port))
      for (let i = worker; performance.now() < deadline; i++) {
        const request = encoded[i % encoded.length]!
        const t = performance.now()
        try {
          const status = await connection.send(request.bytes, request.head)
          latencies.push(performance.now() - t)
          if (status < 200 || status >= 300) non2xx++
        } catch {
          errors++
          connection.close()
          connection = await KeepAliveConnection.open(Number(port))
        }
      }
      connection.close()
    }),
  )
  const elapsedS = (performance.now() - started) / 1000
  return {
    rps: latencies.length / elapsedS,
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    requests: latencies.length,
    non2xx,
    errors,
    timeouts: 0,
  }
}
