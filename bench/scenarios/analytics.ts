import { restHeaders, type Session } from "../lib/accounts"
import { requestJson } from "../lib/http"
import type { Server } from "../lib/server"
import { median, round, timed } from "../lib/stats"

type LanguageCount = { language: string; count: number }
type DailyCount = { date: string; count: number }

/**
 * Everything the Dashboard and Analytics pages fetch, in parallel as the browser does: the header
 * balance, the 50 latest operations, and the three analytics functions.
 */
async function currentApproach(server: Server, session: Session) {
  const headers = restHeaders(server, session)
  const rpc = <T>(name: string, body: unknown) =>
    requestJson<T>(`${server.url}/rest/v1/rpc/${name}`, { headers, body })
  const [, , , languages, daily] = await Promise.all([
    requestJson(`${server.url}/rest/v1/users?select=credits&id=eq.${session.userId}`, {
      headers: { ...headers, accept: "application/vnd.pgrst.object+json" },
    }),
    recentOperations(server, session),
    rpc("operations_today", { time_zone: "UTC" }),
    rpc<LanguageCount[]>("operation_language_counts", { top_n: 5 }),
    rpc<DailyCount[]>("operation_daily_counts", { time_zone: "UTC" }),
  ])
  return { languages, daily }
}

function recentOperations(server: Server, session: Session) {
  return requestJson(
    `${server.url}/rest/v1/operations?select=id,action,file_id,created_at,language,tool` +
      `&user_id=eq.${session.userId}&order=created_at.desc&limit=50`,
    { headers: restHeaders(server, session) },
  )
}

/**
 * The spec's original approach: download every `language, created_at` row and aggregate in the
 * client. A read returns at most 1,000 rows, so it pages — by keyset on id, the kindest paging for
 * it (offset paging would rescan the skipped rows on every page).
 */
async function originalApproach(server: Server, session: Session, expectedRows: number) {
  const headers = restHeaders(server, session)
  const byLanguage = new Map<string, number>()
  const byDay = new Map<string, number>()
  await Promise.all([
    requestJson(`${server.url}/rest/v1/users?select=credits&id=eq.${session.userId}`, {
      headers: { ...headers, accept: "application/vnd.pgrst.object+json" },
    }),
    recentOperations(server, session),
    (async () => {
      let last = 0
      const maxPages = Math.ceil(expectedRows / 1000) + 2
      for (let page = 0; page < maxPages; page++) {
        const rows = await requestJson<{ id: number; language: string; created_at: string }[]>(
          `${server.url}/rest/v1/operations?select=id,language,created_at&user_id=eq.${session.userId}` +
            `&language=not.is.null&id=gt.${last}&order=id.asc&limit=1000`,
          { headers },
        )
        for (const row of rows) {
          byLanguage.set(row.language, (byLanguage.get(row.language) ?? 0) + 1)
          const day = new Date(row.created_at).toISOString().slice(0, 10)
          byDay.set(day, (byDay.get(day) ?? 0) + 1)
        }
        if (rows.length < 1000) return
        last = rows[rows.length - 1]!.id
      }
      throw new Error("original approach: more pages than the account has rows")
    })(),
  ])
  const ranked = [...byLanguage].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  const languages: LanguageCount[] = ranked
    .slice(0, 5)
    .map(([language, count]) => ({ language, count }))
  const other = ranked.slice(5).reduce((sum, [, n]) => sum + n, 0)
  if (other > 0) languages.push({ language: "Other", count: other })
  const daily = [...byDay].sort().map(([date, count]) => ({ date, count }))
  return { languages, daily }
}

export type AnalyticsResult = {
  operations: number
  currentMs: number[]
  originalMs: number[]
  currentMedianMs: number
  originalMedianMs: number
  speedup: number
  agree: boolean
}

/** Alternates rounds of `perRound` current-approach loads and one original-approach load. */
export async function measureAnalytics(
  server: Server,
  session: Session,
  operations: number,
  rounds: number,
  perRound: number,
): Promise<AnalyticsResult> {
  await currentApproach(server, session) // warm the catalog cache and the pool
  const currentMs: number[] = []
  const originalMs: number[] = []
  let agree = true
  for (let round = 0; round < rounds; round++) {
    let current: Awaited<ReturnType<typeof currentApproach>> | undefined
    for (let i = 0; i < perRound; i++) {
      const t = await timed(() => currentApproach(server, session))
      currentMs.push(t.ms)
      current = t.value
    }
    const original = await timed(() => originalApproach(server, session, operations))
    originalMs.push(original.ms)
    if (round === 0) agree = sameFigures(current!, original.value)
  }
  const currentMedianMs = median(currentMs)
  const originalMedianMs = median(originalMs)
  return {
    operations,
    currentMs: currentMs.map((v) => round(v, 2)),
    originalMs: originalMs.map((v) => round(v)),
    currentMedianMs: round(currentMedianMs, 2),
    originalMedianMs: round(originalMedianMs),
    speedup: round(originalMedianMs / currentMedianMs),
    agree,
  }
}

function sameFigures(
  a: { languages: LanguageCount[]; daily: DailyCount[] },
  b: { languages: LanguageCount[]; daily: DailyCount[] },
) {
  const norm = (x: { languages: LanguageCount[]; daily: DailyCount[] }) =>
    JSON.stringify({
      languages: x.languages.map((l) => [l.language, Number(l.count)]),
      daily: x.daily.map((d) => [d.date, Number(d.count)]),
    })
  return norm(a) === norm(b)
}
