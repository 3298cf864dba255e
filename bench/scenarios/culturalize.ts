import { restHeaders, type Session } from "../lib/accounts"
import { request, requestJson } from "../lib/http"
import { type LoadResult, load } from "../lib/load"
import { cpuMs, type Server } from "../lib/server"
import { percentile, round } from "../lib/stats"

// 96 characters: one credit per request at the default price (1 credit per started 100).
const TEXT =
  "Our spring sale starts on Monday: 20% off every plan, and shipping is free on orders over $50."
const COST = 1

type Timing = { totalMs: number; engineMs: number }

async function accountState(server: Server, session: Session) {
  const headers = restHeaders(server, session)
  const count = async (path: string) => {
    const res = await request(`${server.url}/rest/v1/${path}`, {
      method: "HEAD",
      headers: { ...headers, prefer: "count=exact" },
    })
    return Number(String(res.headers["content-range"]).split("/")[1])
  }
  const user = await requestJson<{ credits: number }>(
    `${server.url}/rest/v1/users?select=credits&id=eq.${session.userId}`,
    { headers: { ...headers, accept: "application/vnd.pgrst.object+json" } },
  )
  return {
    balance: Number(user.credits),
    charges: await count(`credit_ledger?select=id&reason=eq.culturalize`),
    operations: await count(`operations?select=id`),
  }
}

function overhead(samples: Timing[]) {
  const over = samples.map((s) => s.totalMs - s.engineMs)
  const engine = samples.map((s) => s.engineMs)
  return {
    samples: samples.length,
    overheadP50: round(percentile(over, 50), 2),
    overheadP99: round(percentile(over, 99), 2),
    engineP50: round(percentile(engine, 50), 2),
    engineP99: round(percentile(engine, 99), 2),
  }
}

export type CulturalizeResult = {
  load: LoadResult
  concurrent: ReturnType<typeof overhead>
  sequential: ReturnType<typeof overhead>
  before: Awaited<ReturnType<typeof accountState>>
  after: Awaited<ReturnType<typeof accountState>>
  succeeded: number
  /** the server process's CPU time per request at 50 connections (engine included) */
  cpuPerRequestMs: number
  lostCharges: number
  doubleCharges: number
  balanceMismatch: number
  operationMismatch: number
}

/**
 * `amount` culturalize requests from 50 connections (a fixed count, so every request is answered
 * before the books are checked), then 200 one at a time for the uncontended overhead. The server
 * times each request and its engine call (BENCH_ROUTES); the books must move by exactly the
 * successful requests.
 */
export async function measureCulturalize(
  server: Server,
  session: Session,
  amount: number,
): Promise<CulturalizeResult> {
  const timings = async () =>
    (await requestJson<{ samples: Timing[] }>(`${server.url}/_bench/culturalize-timings`)).samples
  const req = {
    method: "POST" as const,
    path: "/api/v1/text/culturalize",
    headers: { authorization: `Bearer ${session.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({
      text: TEXT,
      language: "German",
      language_code: "DE",
      tool: "dashboard",
      // the charged path: every request runs the engine and moves the books (no free repeats)
      use_memory: false,
    }),
  }
  await load(server.url, [req], { connections: 10, amount: 200 }) // warm-up
  await timings()

  const before = await accountState(server, session)
  const cpuBefore = cpuMs(server.pid)
  const result = await load(server.url, [req], { connections: 50, amount })
  const cpuPerRequestMs = round((cpuMs(server.pid) - cpuBefore) / result.requests, 2)
  const concurrent = overhead(await timings())
  const after = await accountState(server, session)
  const succeeded = result.requests - result.non2xx - result.errors

  for (let i = 0; i < 200; i++) {
    const res = await request(`${server.url}${req.path}`, {
      method: "POST",
      headers: { authorization: req.headers.authorization },
      body: JSON.parse(req.body),
    })
    if (res.status !== 200) throw new Error(`culturalize → ${res.status}: ${res.body}`)
  }
  const sequential = overhead(await timings())

  const charges = after.charges - before.charges
  return {
    load: result,
    concurrent,
    sequential,
    before,
    after,
    succeeded,
    cpuPerRequestMs,
    lostCharges: Math.max(0, succeeded - charges),
    doubleCharges: Math.max(0, charges - succeeded),
    balanceMismatch: before.balance - after.balance - succeeded * COST,
    operationMismatch: after.operations - before.operations - succeeded,
  }
}
