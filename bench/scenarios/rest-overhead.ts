import { restHeaders, type Session } from "../lib/accounts"
import { closedLoop, type LoadRequest, type LoadResult } from "../lib/load"
import { cpuMs, type Server } from "../lib/server"
import { median, round } from "../lib/stats"

const COLUMNS = "id,action,language,cost,tool,created_at"

/** The Operations page: an exact count (HEAD) and the first page of 10, newest first. */
function restRequests(server: Server, session: Session): LoadRequest[] {
  const headers = restHeaders(server, session)
  return [
    {
      method: "HEAD",
      path: `/rest/v1/operations?select=*&user_id=eq.${session.userId}`,
      headers: { ...headers, prefer: "count=exact" },
    },
    {
      method: "GET",
      path: `/rest/v1/operations?select=${COLUMNS}&user_id=eq.${session.userId}&order=created_at.desc&offset=0&limit=10`,
      headers,
    },
  ]
}

/** The same two queries as plain SQL on the same pool (BENCH_ROUTES). */
function bareRequests(session: Session): LoadRequest[] {
  return [
    { method: "GET", path: `/_bench/operations/count?user_id=${session.userId}` },
    { method: "GET", path: `/_bench/operations/page?user_id=${session.userId}` },
  ]
}

export type RestOverheadResult = {
  rest: LoadResult[]
  bare: LoadResult[]
  restRps: number
  bareRps: number
  ratio: number
  restP99: number
  bareP99: number
  /** the server process's CPU time per request (median of rounds) */
  restCpuMs: number
  bareCpuMs: number
}

export async function measureRestOverhead(
  server: Server,
  session: Session,
  rounds: number,
  seconds: number,
): Promise<RestOverheadResult> {
  const rest = restRequests(server, session)
  const bare = bareRequests(session)
  // Warm-up: JIT, the pool's connections and the catalog cache.
  await closedLoop(server.url, rest, { connections: 10, seconds: 2 })
  await closedLoop(server.url, bare, { connections: 10, seconds: 2 })
  const results = { rest: [] as LoadResult[], bare: [] as LoadResult[] }
  const cpu = { rest: [] as number[], bare: [] as number[] }
  const measure = async (kind: "rest" | "bare", requests: LoadRequest[]) => {
    const before = cpuMs(server.pid)
    const result = await closedLoop(server.url, requests, { connections: 50, seconds })
    results[kind].push(result)
    cpu[kind].push((cpuMs(server.pid) - before) / result.requests)
  }
  for (let i = 0; i < rounds; i++) {
    await measure("rest", rest)
    await measure("bare", bare)
  }
  const restRps = median(results.rest.map((r) => r.rps))
  const bareRps = median(results.bare.map((r) => r.rps))
  return {
    ...results,
    restRps: round(restRps),
    bareRps: round(bareRps),
    ratio: round(restRps / bareRps, 2),
    restP99: median(results.rest.map((r) => r.p99)),
    bareP99: median(results.bare.map((r) => r.p99)),
    restCpuMs: round(median(cpu.rest), 3),
    bareCpuMs: round(median(cpu.bare), 3),
  }
}
