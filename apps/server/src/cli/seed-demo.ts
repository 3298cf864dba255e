import { randomUUID } from "node:crypto"
import { parseArgs } from "node:util"

import { sql } from "kysely"

import { applyCreditDelta, readBalance } from "../billing/ledger"
import { migrate } from "../db/migrate"
import type { Db } from "../db/schema"
import { loadEnv } from "../env"
import { callServer, commandTarget } from "./beside-server"

/**
 * `npm run nativ -- seed-demo --email EMAIL [--operations N] [--seed S]`: fills an existing
 * account with realistic, deterministic demo data (for screenshots and benchmarks):
 * - N operations (default 500) spread evenly over the last 90 days, oldest first;
 * - 8–12 languages (by seed) with a long-tailed distribution; about 8% of operations have none
 *   (glossary uploads);
 * - tools dashboard (30%), figma (45%) and photoshop (25%), each with its own set of file ids;
 *   figma and photoshop work goes through the API keys "Figma plugin" and "Photoshop plugin";
 * - made by the account's owner (60%) and two teammates, alex@ and sam@ at the owner's domain;
 * - actions culturalize_text, localize_visual, translate_layers, upload_glossary with costs;
 * - the four most used languages in the account's language list;
 * - a balance of at least 50,000 credits, added through the credit ledger.
 * Everything is generated in SQL with generate_series and a hash of (row, seed), in batches, so
 * 1,000,000 operations load in well under two minutes on PostgreSQL.
 * While a server holds the embedded data directory, the server seeds (POST /admin/v1/seed-demo).
 */

export const LANGUAGE_POOL: readonly [string, string][] = [
  ["French", "FR"],
  ["German", "DE"],
  ["Spanish", "ES"],
  ["Japanese", "JA"],
  ["Italian", "IT"],
  ["Portuguese", "PT"],
  ["Korean", "KO"],
  ["Dutch", "NL"],
  ["Chinese", "ZH"],
  ["Polish", "PL"],
  ["Turkish", "TR"],
  ["Arabic", "AR"],
]
export const DEMO_BALANCE = 50_000
// Each batch is one statement (and its rollup triggers), well inside the statement timeout.
const BATCH = 100_000
const DAY_MS = 86_400_000

export type SeedOptions = { email: string; operations: number; seed: number; now?: Date }
export type SeedSummary = {
  userId: string
  operations: number
  languages: string[]
  balance: number
}

export class SeedError extends Error {}

/** The languages a seed uses: 8–12 of the pool, rotated by the seed, most frequent first. */
export function seedLanguages(seed: number): [string, string][] {
  const count = 8 + (Math.abs(seed) % 5)
  const start = Math.abs(seed) % LANGUAGE_POOL.length
  return Array.from({ length: count }, (_, i) => LANGUAGE_POOL[(start + i) % LANGUAGE_POOL.length]!)
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const { rows: users } = await sql<{ id: string; member_id: string; email: string }>`
    select user_id as id, id as member_id, email from public.end_users
    where email = lower(${options.email})
  `.execute(db)
  const userId = users[0]?.id
  if (!userId)
    throw new SeedError(`No account with the email ${options.email}. Sign up first, then seed it.`)

  const languages = seedLanguages(options.seed)
  // Long tail: language i has weight 1/(i+1); width_bucket picks it from the lower bounds.
  const weights = languages.map((_, i) => 1 / (i + 1))
  const sum = weights.reduce((a, b) => a + b, 0)
  const bounds: number[] = []
  weights.reduce((acc, w) => (bounds.push(acc / sum), acc + w), 0)
  const now = options.now ?? new Date()
  const from = new Date(now.getTime() - 90 * DAY_MS)
  const step = options.operations > 0 ? (90 * DAY_MS) / options.operations : 0
  const owner = users[0]!
  const domain = owner.email.slice(owner.email.indexOf("@") + 1)
  const members = [owner.email, `alex@${domain}`, `sam@${domain}`]
  const keys = await demoApiKeys(db, userId, owner.member_id, owner.email)

  for (let lo = 1; lo <= options.operations; lo += BATCH) {
    const hi = Math.min(options.operations, lo + BATCH - 1)
    await sql`
      insert into public.operations (user_id, action, file_id, language, tool, cost, created_at,
        api_key_id, member_email)
      select ${userId}, kind.action, tool.name || '-' || lpad((1 + floor(r.f * tool.files))::text, 3, '0'),
        case when kind.action = 'upload_glossary' then null
          else (${languages.map(([name]) => name)}::text[])[width_bucket(r.l, ${bounds}::float8[])] end,
        tool.name, price.min_cost + floor(r.c * (price.max_cost - price.min_cost + 1))::int,
        ${from}::timestamptz + make_interval(secs => (g.i - 1 + r.t) * ${step / 1000}::float8),
        case tool.name when 'figma' then ${keys.figma}::uuid when 'photoshop' then ${keys.photoshop}::uuid end,
        (${members}::text[])[case when r.m < 0.60 then 1 when r.m < 0.85 then 2 else 3 end]
      from generate_series(${lo}::bigint, ${hi}::bigint) g(i)
      cross join lateral (
        select (hashint8extended(g.i, ${options.seed}::bigint * 8 + 1) & 2147483647)::float8 / 2147483648 as a,
          (hashint8extended(g.i, ${options.seed}::bigint * 8 + 2) & 2147483647)::float8 / 2147483648 as k,
          (hashint8extended(g.i, ${options.seed}::bigint * 8 + 3) & 2147483647)::float8 / 2147483648 as f,
          (hashint8extended(g.i, ${options.seed}::bigint * 8 + 4) & 2147483647)::float8 / 2147483648 as l,
          (hashint8extended(g.i, ${options.seed}::bigint * 8 + 5) & 2147483647)::float8 / 2147483648 as c,
          (hashint8extended(g.i, ${options.seed}::bigint * 8 + 6) & 2147483647)::float8 / 2147483648 as t,
          (hashint8extended(g.i, ${options.seed}::bigint * 8 + 7) & 2147483647)::float8 / 2147483648 as m
      ) r
      cross join lateral (
        select case when r.a < 0.30 then 'dashboard' when r.a < 0.75 then 'figma' else 'photoshop' end as name,
          case when r.a < 0.30 then 25 else 60 end as files
      ) tool
      cross join lateral (
        select case when r.k < 0.60 then 'culturalize_text' when r.k < 0.76 then 'localize_visual'
          when r.k < 0.92 then 'translate_layers' else 'upload_glossary' end as action
      ) kind
      cross join lateral (
        select case kind.action when 'culturalize_text' then 1 when 'localize_visual' then 20
            when 'translate_layers' then 5 else 0 end as min_cost,
          case kind.action when 'culturalize_text' then 20 when 'localize_visual' then 80
            when 'translate_layers' then 40 else 0 end as max_cost
      ) price
    `.execute(db)
  }

  for (const [language, code] of languages.slice(0, 4))
    await sql`
      insert into public.user_languages_mapping (user_id, language, language_code)
      values (${userId}, ${language}, ${code}) on conflict (user_id, language_code) do nothing
    `.execute(db)

  let balance = await readBalance(db, userId)
  if (balance < DEMO_BALANCE) {
    const topUp = await applyCreditDelta(db, {
      userId,
      delta: DEMO_BALANCE - balance,
      reason: "seed",
      reference: `seed-demo:${randomUUID()}`,
    })
    balance = topUp.balance
  }
  return { userId, operations: options.operations, languages: languages.map(([l]) => l), balance }
}

/**
 * The plugins' API keys, made once per account (a seed run again reuses them). Their secrets are
 * never known: the hash is of the account and name, so no request can present them.
 */
async function demoApiKeys(db: Db, userId: string, memberId: string, email: string) {
  const ids: Record<string, string> = {}
  for (const [tool, name] of [
    ["figma", "Figma plugin"],
    ["photoshop", "Photoshop plugin"],
  ] as const) {
    const { rows } = await sql<{ id: string }>`
      insert into public.api_keys (user_id, name, key_hash, key_preview, created_by, created_by_email)
      values (${userId}, ${name}, encode(sha256(convert_to(${`seed-demo:${userId}:${name}`}, 'UTF8')), 'hex'),
        'nativ_…demo', ${memberId}, ${email})
      on conflict (key_hash) do update set name = excluded.name
      returning id::text as id
    `.execute(db)
    ids[tool] = rows[0]!.id
  }
  return { figma: ids.figma!, photoshop: ids.photoshop! }
}

export function parseSeedArgs(args: string[]): SeedOptions {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: "string" },
      operations: { type: "string", default: "500" },
      seed: { type: "string", default: "1" },
    },
    strict: true,
  })
  if (!values.email) throw new SeedError("--email is required: seed-demo --email EMAIL")
  const operations = Number(values.operations)
  if (!Number.isInteger(operations) || operations < 0 || operations > 10_000_000)
    throw new SeedError("--operations must be a whole number from 0 to 10,000,000")
  const seed = Number(values.seed)
  if (!Number.isInteger(seed) || Math.abs(seed) > 1_000_000_000)
    throw new SeedError("--seed must be a whole number")
  return { email: values.email, operations, seed }
}

export const seedDemoCommand = {
  summary: "seed-demo --email EMAIL [--operations N] [--seed S]: fill an account with demo data",
  async run(args: string[]): Promise<number> {
    let options: SeedOptions
    try {
      options = parseSeedArgs(args)
    } catch (error) {
      console.error(error instanceof Error ? error.message : error)
      return 2
    }
    const env = loadEnv()
    const target = await commandTarget(env)
    const started = Date.now()
    const report = (summary: SeedSummary) =>
      process.stdout.write(
        `Seeded ${summary.operations.toLocaleString("en-US")} operations in ${summary.languages.length} languages ` +
          `for ${options.email} in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
          `balance ${summary.balance.toLocaleString("en-US")} credits` +
          ` (via the ${target.via === "api" ? `server at ${target.url}` : "database"}).\n`,
      )
    if (target.via === "api") {
      const res = await callServer<SeedSummary & { error?: { message: string } }>(
        target,
        "/admin/v1/seed-demo",
        options,
      )
      if (res.status !== 200) {
        console.error(
          `The server refused to seed (${res.status}): ${res.body.error?.message ?? "no reason given"}`,
        )
        return 1
      }
      report(res.body)
      return 0
    }
    const { database } = target
    try {
      await migrate(database.db)
      report(await seedDemo(database.db, options))
      // Index-only scans (exact counts) need the visibility map; planner statistics need analyze.
      await sql`vacuum (analyze) public.operations, public.usage_bucket_stats, public.usage_day_stats`
        .execute(database.db)
        .catch(() => undefined)
      return 0
    } catch (error) {
      if (error instanceof SeedError) {
        console.error(error.message)
        return 1
      }
      throw error
    } finally {
      await database.close()
    }
  },
}
