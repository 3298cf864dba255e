import type { Session } from "../lib/accounts"
import { requestJson } from "../lib/http"
import type { Row } from "../lib/report"
import type { Server } from "../lib/server"
import { median, percentile, round, timed } from "../lib/stats"

const GROUPS = ["day", "language", "tool", "api_key", "member"] as const
/** The Analytics page sends the browser's zone; one with DST keeps partial days at both ends. */
const TIME_ZONE = "Europe/Paris"
const TARGET_MS = 20

type UsageAnswer = { from: string; to: string; total: { operations: number }; rows: unknown[] }

export type UsageCase = {
  groupBy: (typeof GROUPS)[number]
  range: "last 90 days" | "all time"
  rows: number
  latencyMs: number[]
  medianMs: number
  p99Ms: number
}

export type UsageResult = {
  operations: number
  cases: UsageCase[]
  /** every all-time answer counted every operation of the account */
  agree: boolean
  /** GET /api/v1/usage/balance, interleaved with the cases: the floor of any call on the API */
  balanceMedianMs: number
}

/**
 * Scenario 8: `GET /api/v1/usage` with an API key, for every group_by over the last 90 days and
 * over all time (from left out), one request at a time, the cases interleaved so drift hits all.
 */
export async function measureUsage(
  server: Server,
  session: Session,
  operations: number,
  requestsPerCase: number,
): Promise<UsageResult> {
  const { key } = await requestJson<{ key: string }>(`${server.url}/api/v1/api-keys`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
    body: { name: "bench usage" },
  })
  const headers = { "x-api-key": key }
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(new Date())
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 89 * 86_400_000)
    .toISOString()
    .slice(0, 10)
  const cases = GROUPS.flatMap((groupBy) =>
    (["last 90 days", "all time"] as const).map((range) => ({
      groupBy,
      range,
      url:
        `${server.url}/api/v1/usage?group_by=${groupBy}&time_zone=${TIME_ZONE}` +
        (range === "all time" ? "" : `&from=${from}&to=${today}`),
      latencyMs: [] as number[],
      rows: 0,
    })),
  )
  let agree = true
  for (const c of cases) {
    const answer = await requestJson<UsageAnswer>(c.url, { headers })
    c.rows = answer.rows.length
    if (c.range === "all time" && answer.total.operations !== operations) agree = false
  }
  const balanceMs: number[] = []
  for (let i = 0; i < requestsPerCase; i++) {
    for (const c of cases)
      c.latencyMs.push((await timed(() => requestJson<UsageAnswer>(c.url, { headers }))).ms)
    const balance = `${server.url}/api/v1/usage/balance`
    balanceMs.push((await timed(() => requestJson(balance, { headers }))).ms)
  }
  return {
    operations,
    agree,
    balanceMedianMs: round(median(balanceMs), 2),
    cases: cases.map((c) => ({
      groupBy: c.groupBy,
      range: c.range,
      rows: c.rows,
      latencyMs: c.latencyMs.map((v) => round(v, 2)),
      medianMs: round(median(c.latencyMs), 2),
      p99Ms: round(percentile(c.latencyMs, 99), 2),
    })),
  }
}

const k = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`)

/** The table's rows: judged at 1M operations, reported for information below that. */
export function usageRows(result: UsageResult | undefined, error: string | undefined): Row[] {
  if (!result)
    return [
      {
        scenario: "8 Usage",
        figure: `not measured: ${error ?? "no result"}`,
        value: "-",
        target: "-",
        pass: false,
      },
    ]
  const judged = result.operations >= 1_000_000
  const rows: Row[] = result.cases.map((c) => ({
    scenario: "8 Usage",
    figure: `PostgreSQL ${k(result.operations)}: GET /api/v1/usage?group_by=${c.groupBy}, ${c.range} (${TIME_ZONE}; ${c.rows} rows, p99 ${c.p99Ms} ms), median`,
    value: `${c.medianMs} ms`,
    target: judged ? `≤ ${TARGET_MS} ms` : "-",
    pass: judged ? c.medianMs <= TARGET_MS : null,
  }))
  rows.push({
    scenario: "8 Usage",
    figure: `PostgreSQL ${k(result.operations)}: GET /api/v1/usage/balance (one row read: the floor of an API call), median`,
    value: `${result.balanceMedianMs} ms`,
    target: "-",
    pass: null,
  })
  rows.push({
    scenario: "8 Usage",
    figure: `PostgreSQL ${k(result.operations)}: all time counts every operation, for every group_by`,
    value: result.agree ? "yes" : "no",
    target: "yes",
    pass: result.agree,
  })
  return rows
}
