import http from "node:http"

import autocannon from "autocannon"

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
 * in turn for `seconds`. Used where autocannon cannot go: its response parser does not know a
 * HEAD response has no body and waits for one forever.
 */
export async function closedLoop(
  url: string,
  requests: LoadRequest[],
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  if (!url.startsWith("http://127.0.0.1:")) throw new Error("load stays on loopback")
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections })
  const latencies: number[] = []
  let non2xx = 0
  let errors = 0
  const started = performance.now()
  const deadline = started + options.seconds * 1000
  const send = (r: LoadRequest) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        `${url}${r.path}`,
        { method: r.method, headers: r.headers ?? {}, agent },
        (res) => {
          res.resume()
          res.on("end", () => resolve(res.statusCode ?? 0))
          res.on("error", () => resolve(0))
        },
      )
      req.setTimeout(30_000, () => req.destroy())
      req.on("error", () => resolve(0))
      req.end(r.body)
    })
  await Promise.all(
    Array.from({ length: options.connections }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i++) {
        const t = performance.now()
        const status = await send(requests[i % requests.length]!)
        latencies.push(performance.now() - t)
        if (status === 0) errors++
        else if (status < 200 || status >= 300) non2xx++
      }
    }),
  )
  const elapsedS = (performance.now() - started) / 1000
  agent.destroy()
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
