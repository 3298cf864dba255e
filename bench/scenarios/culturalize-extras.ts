import { type ChildProcess, spawn } from "node:child_process"
import { randomUUID } from "node:crypto"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { join } from "node:path"

import pg from "pg"

import { createConfirmedAccount, type Session, signIn } from "../lib/accounts"
import { request } from "../lib/http"
import type { Row } from "../lib/report"
import { freePort, ROOT, type Server, serverEnv } from "../lib/server"
import { culturalizeOffline } from "../../apps/server/src/engine/offline/offline-engine"
import { alternate, median, round } from "../lib/stats"
import { type FuzzyResult, fuzzyRow, measureFuzzy, seedTm } from "./fuzzy-search"

type PgTarget = { kind: "postgres"; url: string }

const BATCH_ITEMS = 500
/** The fake model's answer time in scenario 7c. */
const MODEL_DELAY_MS = 50

export type ExtrasPlan = { batchRounds: number; searches: number; memoryPairs: number }

export type ExtrasResult = {
  batch: {
    items: number
    /** wall time of each 500-item batch request, seen by the client */
    latencyMs: number[]
    /** median time of the offline engine on the same 500 texts, run in the bench process */
    engineMs: number
    overheadPerItemMs: number
  }
  fuzzy: FuzzyResult
  memory: { delayMs: number; missMs: number[]; hitMs: number[]; ratio: number; allHits: boolean }
}

const bearer = (session: Session) => ({ authorization: `Bearer ${session.accessToken}` })

/** Up to 100 characters (1 credit), with prices, percentages and dates for the offline engine. */
const batchText = (i: number) =>
  `Save ${i % 90}% on orders over $${50 + i} until 12/31/2026: free shipping on your order no. ${i}.`

/**
 * Scenario 7, on PostgreSQL, each part with its own fresh account:
 * a. a 500-item `culturalize-batch` on the offline engine: the server's overhead per item is the
 *    batch's median wall time minus the median time the offline engine's code takes on the same
 *    texts (run here, alternating with the batches), divided by 500;
 * b. `master-tm/fuzzy-search` over 100,000 entries inserted with SQL, for queries that are near
 *    (one word changed) to stored texts (fuzzy-search.ts, which PGlite's run uses too);
 * c. an exact repeat answered from memory against a miss, on a second server whose engine is a
 *    local fake OpenAI-compatible model answering after 50 ms.
 */
export async function measureExtras(
  server: Server,
  databaseUrl: string,
  plan: ExtrasPlan,
): Promise<ExtrasResult> {
  const target: PgTarget = { kind: "postgres", url: databaseUrl }
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const account = async (s: Server, name: string) => {
      const email = `bench-extras-${name}@bench.local`
      await createConfirmedAccount(s, email)
      const session = await signIn(s, email)
      await db.query("select * from nativ.apply_credit_delta($1, $2, 'adjustment', $3)", [
        session.userId,
        1_000_000,
        randomUUID(),
      ])
      return session
    }
    const batch = await measureBatch(server, await account(server, "batch"), plan.batchRounds)
    const tm = await account(server, "tm")
    const seeded = await seedTm((text, params) => db.query(text, params), tm.userId, plan.searches)
    const fuzzy = await measureFuzzy(server, tm, seeded)
    const memory = await measureMemory(target, (s) => account(s, "memory"), plan.memoryPairs)
    return { batch, fuzzy, memory }
  } finally {
    await db.end()
  }
}

async function measureBatch(server: Server, session: Session, rounds: number) {
  const texts = Array.from({ length: BATCH_ITEMS }, (_, i) => batchText(i))
  const settings = { language: "German", language_code: "DE", tool: "figma" }
  const batch = async () => {
    const started = performance.now()
    const res = await request(`${server.url}/api/v1/text/culturalize-batch`, {
      headers: bearer(session),
      body: { items: texts.map((text, i) => ({ id: String(i), text })), ...settings },
    })
    if (res.status !== 200) throw new Error(`culturalize-batch → ${res.status}: ${res.body}`)
    return performance.now() - started
  }
  // The engine's own work on the same texts and settings, run here in one synchronous loop:
  // the same code as the server's, timed in the same moments as the batches.
  const engine = () => {
    const started = performance.now()
    for (const text of texts)
      culturalizeOffline({
        text,
        language: "German",
        languageCode: "DE",
        sourceLanguage: "English",
        glossary: [],
        want: { rationale: false, backtranslation: false },
      })
    return performance.now() - started
  }
  const { a: latencyMs, b: engineMs } = await alternate(rounds + 1, batch, async () => engine())
  latencyMs.shift() // warm-up
  engineMs.shift()
  return {
    items: BATCH_ITEMS,
    latencyMs: latencyMs.map((ms) => round(ms, 1)),
    engineMs: round(median(engineMs), 1),
    overheadPerItemMs: round((median(latencyMs) - median(engineMs)) / BATCH_ITEMS, 3),
  }
}

/** A local OpenAI-compatible chat-completions endpoint answering "[DE] <text>" after `delayMs`. */
async function startFakeModel(delayMs: number) {
  const model = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        messages: { content: string }[]
      }
      const content = `[DE] ${body.messages.at(-1)!.content}`
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" })
        res.end(
          JSON.stringify({
            id: "chatcmpl-bench",
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: "bench-model",
            choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        )
      }, delayMs)
    })
  })
  await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        model.closeAllConnections()
        model.close(() => resolve())
      }),
  }
}

/** The built server on the same database, its engine pointed at `baseUrl` (an OpenAI protocol). */
async function startModelServer(target: PgTarget, baseUrl: string) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, "apps/server/dist/index.js")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...serverEnv(target, port),
      ENGINE: "openai",
      ENGINE_BASE_URL: baseUrl,
      ENGINE_API_KEY: "sk-bench",
      ENGINE_MODEL: "bench-model",
    },
    stdio: ["ignore", "ignore", "ignore"],
  })
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()))
  const stop = async () => {
    child.kill("SIGTERM")
    await exited
  }
  for (let waited = 0; ; waited += 20) {
    const ready = await request(`${url}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    )
    if (ready) break
    if (waited > 60_000 || child.exitCode !== null) {
      await stop()
      throw new Error("the model-engine server did not become ready")
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  const config = JSON.parse((await request(`${url}/config.json`)).body) as {
    supabaseAnonKey: string
  }
  return { url, anonKey: config.supabaseAnonKey, stop }
}

async function measureMemory(
  target: PgTarget,
  account: (server: Server) => Promise<Session>,
  pairs: number,
) {
  const model = await startFakeModel(MODEL_DELAY_MS)
  const started = await startModelServer(target, model.url).catch(async (error: unknown) => {
    await model.close()
    throw error
  })
  try {
    // only its url and anon key are read (to sign up and call the API)
    const server = started as unknown as Server
    const session = await account(server)
    const send = async (text: string) => {
      const t = performance.now()
      const res = await request(`${server.url}/api/v1/text/culturalize`, {
        headers: bearer(session),
        body: { text, language: "German", language_code: "DE", include_rationale: false },
      })
      if (res.status !== 200) throw new Error(`culturalize → ${res.status}: ${res.body}`)
      const body = JSON.parse(res.body) as { from_memory: boolean }
      return { ms: performance.now() - t, fromMemory: body.from_memory }
    }
    await send("Warm-up text")
    await send("Warm-up text")
    const missMs: number[] = []
    const hitMs: number[] = []
    let allHits = true
    for (let i = 0; i < pairs; i++) {
      const text = `Welcome back! Your order no. ${i} ships today.`
      const miss = await send(text)
      const hit = await send(text)
      allHits &&= hit.fromMemory && !miss.fromMemory
      missMs.push(round(miss.ms, 2))
      hitMs.push(round(hit.ms, 2))
    }
    return {
      delayMs: MODEL_DELAY_MS,
      missMs,
      hitMs,
      ratio: round(median(hitMs) / median(missMs), 3),
      allHits,
    }
  } finally {
    await started.stop()
    await model.close()
  }
}

export function extrasRows(x: ExtrasResult | undefined, error?: string): Row[] {
  const scenario = "7 Culturalize extras"
  if (!x)
    return [{ scenario, figure: `not measured: ${error}`, value: "-", target: "-", pass: false }]
  const b = x.batch
  const f = x.fuzzy
  const m = x.memory
  return [
    {
      scenario,
      figure: `PostgreSQL: batch of ${b.items} (offline engine), overhead per item = (median batch ${round(median(b.latencyMs), 1)} ms − engine ${b.engineMs} ms) ÷ ${b.items}`,
      value: `${b.overheadPerItemMs} ms`,
      target: "≤ 0.5 ms",
      pass: b.overheadPerItemMs <= 0.5,
    },
    fuzzyRow("PostgreSQL", f),
    {
      scenario,
      figure: `PostgreSQL: memory hit ÷ miss, medians (${round(median(m.hitMs), 1)} vs ${round(median(m.missMs), 1)} ms; model answers in ${m.delayMs} ms)`,
      value: `${round(m.ratio * 100, 1)} %`,
      target: "≤ 20 %",
      pass: m.ratio <= 0.2 && m.allHits,
    },
  ]
}
