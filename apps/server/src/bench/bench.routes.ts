import { AsyncLocalStorage } from "node:async_hooks"

import type { Hono } from "hono"
import { sql } from "kysely"

import type { AppDeps } from "../deps"
import { isUuid } from "../db/uuid"

/** At most this many culturalize timings are kept between two reads (bounded memory). */
const MAX_SAMPLES = 200_000

/**
 * Benchmark-only instrumentation, mounted only when BENCH_ROUTES=true (never by default):
 * - `/_bench/operations/count` and `/_bench/operations/page`: the Operations page's two queries as
 *   plain SQL on the same pool — the count from the same daily rollup /rest/v1 reads — without
 *   PostgREST parsing, JWT, role switch or RLS: the baseline the REST layer is compared with
 *   (`?user_id=` names the account);
 * - timings of `POST /api/v1/text/culturalize`: the time the app spends on each request and the
 *   engine's share of it, read (and cleared) at `GET /_bench/culturalize-timings`.
 */
export function mountBenchRoutes(app: Hono, deps: AppDeps) {
  const engineTime = new AsyncLocalStorage<{ engineMs: number }>()
  const samples: { totalMs: number; engineMs: number }[] = []

  const engine = deps.engine
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now()
    try {
      return await work()
    } finally {
      const store = engineTime.getStore()
      if (store) store.engineMs += performance.now() - started
    }
  }
  const batch = engine.culturalizeBatch?.bind(engine)
  deps.engine = {
    name: engine.name,
    culturalize: (input, signal) => timed(() => engine.culturalize(input, signal)),
    // Kept when the engine has it, so a model engine still packs a batch's texts under the bench.
    ...(batch && {
      culturalizeBatch: (shared, texts, signal) => timed(() => batch(shared, texts, signal)),
    }),
  }

  app.use("/api/v1/text/culturalize", async (_c, next) => {
    const store = { engineMs: 0 }
    const started = performance.now()
    await engineTime.run(store, next)
    if (samples.length < MAX_SAMPLES)
      samples.push({ totalMs: performance.now() - started, engineMs: store.engineMs })
  })

  app.get("/_bench/culturalize-timings", (c) => c.json({ samples: samples.splice(0) }))

  app.get("/_bench/operations/count", async (c) => {
    const userId = c.req.query("user_id") ?? ""
    if (!isUuid(userId)) return c.json({ error: "user_id must be a uuid" }, 400)
    // The count /rest/v1 answers for the Operations page, read the same way: from the daily rollup.
    const { rows } = await sql<{ count: number }>`
      select coalesce(sum(operations), 0) as count from public.usage_day_stats
      where user_id = ${userId} and dimension = 'total'
    `.execute(deps.database.db)
    c.header("Content-Range", `*/${rows[0]?.count ?? 0}`)
    return c.body(null, 200)
  })

  app.get("/_bench/operations/page", async (c) => {
    const userId = c.req.query("user_id") ?? ""
    if (!isUuid(userId)) return c.json({ error: "user_id must be a uuid" }, 400)
    const { rows } = await sql`
      select id, action, language, cost, tool, created_at from public.operations
      where user_id = ${userId} order by created_at desc limit 10 offset 0
    `.execute(deps.database.db)
    return c.json(rows)
  })
}
