/**
 * `npm run bench [-- --quick] [-- --no-build]`: builds, starts real servers on free loopback ports
 * (PostgreSQL in a fresh database, then PGlite in a fresh data directory), seeds accounts with
 * `nativ seed-demo`, runs the eight scenarios and prints one table. `-- --only dashboard` runs
 * scenario 5 alone, mobile audits included, and only prints; `-- --only rest` does the same for
 * scenario 2 on PostgreSQL, `-- --only extras` for scenario 7 (`-- --only fuzzy`: its fuzzy search,
 * on PostgreSQL and PGlite) and `-- --only usage` for scenario 8
 * (on a fresh 1M-operation account); `-- --only start` times `npm start` on this unchanged
 * checkout (scenario 6's last row); `-- --only visuals` runs scenario 9 (OCR and image
 * culturalization) on a fresh PGlite server. See bench/README.md.
 */
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import { join } from "node:path"

import { createConfirmedAccount, type Session, signIn } from "./lib/accounts"
import { closeAgent } from "./lib/http"
import { markdown, type Results, type Row, textTable } from "./lib/report"
import {
  createPgDatabase,
  type DbTarget,
  ROOT,
  type Server,
  seedDemo,
  startServer,
} from "./lib/server"
import { median, round } from "./lib/stats"
import { type AnalyticsResult, measureAnalytics } from "./scenarios/analytics"
import { type AuthResult, measureAuth } from "./scenarios/auth"
import { type CulturalizeResult, measureCulturalize } from "./scenarios/culturalize"
import { type ExtrasResult, extrasRows, measureExtras } from "./scenarios/culturalize-extras"
import {
  type FuzzyResult,
  fuzzyRow,
  measureFuzzy,
  measureFuzzyAlone,
  seedTmOnPglite,
} from "./scenarios/fuzzy-search"
import {
  CHROMIUM,
  type DashboardLoadResult,
  measureDashboardLoad,
} from "./scenarios/dashboard-load"
import { measureRestOverhead, type RestOverheadResult } from "./scenarios/rest-overhead"
import { measureNpmStart, type NpmStartResult, npmStartRows } from "./scenarios/npm-start"
import { measureUsage, type UsageResult, usageRows } from "./scenarios/usage"
import { measureVisuals, type VisualsResult, visualsRows } from "./scenarios/visuals"
import {
  type FigmaPluginResult,
  figmaPluginRows,
  measureFigmaPlugin,
} from "./scenarios/figma-plugin"
import { type FilesResult, filesRows, measureFiles } from "./scenarios/files"

const argv = process.argv.slice(2)
const args = new Set(argv)
/** The value after a flag: `--only dashboard`. */
const option = (name: string) => {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : undefined
}
const quick = args.has("--quick")
const only = option("--only")
const ALONE = [
  "dashboard",
  "rest",
  "culturalize",
  "extras",
  "fuzzy",
  "usage",
  "start",
  "visuals",
  "figma",
  "files",
]
if (only !== undefined && !ALONE.includes(only))
  throw new Error(
    `--only ${only}: the scenarios that run alone are "dashboard", "rest", "culturalize", "extras", "fuzzy", "usage", "start", "visuals", "figma" and "files"`,
  )
/** Every Lighthouse report of scenario 5, as JSON, for a closer look (--lighthouse-reports DIR). */
const reportDir = option("--lighthouse-reports")
const plan = quick
  ? {
      pg: [10_000],
      pglite: [10_000],
      rounds: 3,
      perRound: 5,
      restRounds: 2,
      restSeconds: 4,
      culturalize: 1_000,
      authSeconds: 4,
      restarts: 1,
      extras: { batchRounds: 3, searches: 30, memoryPairs: 10 },
      usageRequests: 10,
      visualsRounds: 3,
    }
  : {
      pg: [10_000, 100_000, 1_000_000],
      pglite: [10_000, 100_000],
      rounds: 5,
      perRound: 10,
      restRounds: 3,
      restSeconds: 10,
      culturalize: 10_000,
      authSeconds: 10,
      restarts: 3,
      extras: { batchRounds: 7, searches: 100, memoryPairs: 30 },
      usageRequests: 40,
      visualsRounds: 10,
    }
/** The account scenarios 2, 3 and 5 use: a typical customer's history. */
const TYPICAL = 1_000

type DbRun = {
  kind: "postgres" | "pglite"
  freshReadyMs: number
  freshReadyCpuMs: number
  readyMs: number[]
  readyCpuMs: number[]
  seedMs: Record<number, number>
  idleRssMb: number
  peakRssMb: number
  analytics: AnalyticsResult[]
  rest: RestOverheadResult
  culturalize: CulturalizeResult
  auth?: AuthResult
  dashboard?: DashboardLoadResult
  dashboardError?: string
  extras?: ExtrasResult
  extrasError?: string
  usage?: UsageResult
  usageError?: string
  /** OCR and image culturalization, on PGlite (the embedded default) */
  visuals?: VisualsResult
  visualsError?: string
  /** The Figma plugin on a fake host against this server, on PGlite */
  figma?: FigmaPluginResult
  figmaError?: string
  /** i18n files through /api/v1/files/culturalize, on PGlite */
  files?: FilesResult
  filesError?: string
  /** PGlite's fuzzy search (PostgreSQL's is part of `extras`) */
  fuzzy?: FuzzyResult
  fuzzyError?: string
}

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`)
const email = (kind: string, n: number) => `bench-${kind}-${n}@bench.local`

async function runOn(target: DbTarget): Promise<DbRun> {
  const kind = target.kind
  log(`${kind}: starting on a fresh database`)
  let server: Server = await startServer(target)
  const freshReadyMs = server.readyMs
  const freshReadyCpuMs = server.readyCpuMs
  const sizes = [TYPICAL, ...(kind === "postgres" ? plan.pg : plan.pglite)]
  for (const n of sizes) await createConfirmedAccount(server, email(kind, n))
  await server.stop() // PGlite: the server holds the data directory's lock; seed-demo needs it

  const seedMs: Record<number, number> = {}
  for (const n of sizes) {
    log(`${kind}: seed-demo --operations ${n}`)
    seedMs[n] = round(await seedDemo(target, email(kind, n), n), 0)
  }

  const readyMs: number[] = []
  const readyCpuMs: number[] = []
  for (let i = 0; i < plan.restarts; i++) {
    server = await startServer(target)
    readyMs.push(round(server.readyMs, 0))
    readyCpuMs.push(server.readyCpuMs)
    if (i < plan.restarts - 1) await server.stop()
  }
  try {
    await new Promise((r) => setTimeout(r, 2000))
    const idleRssMb = round(server.memory().rssMb, 0)
    const typical = await signIn(server, email(kind, TYPICAL))

    log(`${kind}: scenario 2 (REST overhead)`)
    const rest = await measureRestOverhead(server, typical, plan.restRounds, plan.restSeconds)
    log(`${kind}: scenario 3 (culturalize)`)
    const culturalize = await measureCulturalize(server, typical, plan.culturalize)
    const peakRssMb = round(server.memory().peakMb, 0)

    const analytics: AnalyticsResult[] = []
    for (const n of sizes.slice(1)) {
      log(`${kind}: scenario 1 (analytics) at ${n} operations`)
      const session = await signIn(server, email(kind, n))
      const rounds = n >= 1_000_000 ? Math.min(3, plan.rounds) : plan.rounds
      analytics.push(await measureAnalytics(server, session, n, rounds, plan.perRound))
    }
    const run: DbRun = {
      kind,
      freshReadyMs: round(freshReadyMs, 0),
      readyMs,
      readyCpuMs,
      freshReadyCpuMs,
      seedMs,
      idleRssMb,
      peakRssMb,
      analytics,
      rest,
      culturalize,
    }
    if (kind === "postgres") {
      log(`${kind}: scenario 4 (auth)`)
      run.auth = await measureAuth(server, email(kind, TYPICAL), 8, plan.authSeconds)
      if (existsSync(join(ROOT, "apps/web/dist/index.html"))) {
        log(`${kind}: scenario 5 (dashboard load)`)
        try {
          run.dashboard = await measureDashboardLoad(server, email(kind, TYPICAL), {
            mobile: !quick,
            reportDir,
          })
        } catch (error) {
          log(`scenario 5 failed: ${String(error)}`)
          run.dashboardError = briefly(error)
        }
      }
    }
    if (target.kind === "postgres") {
      log(`${kind}: scenario 7 (culturalize extras)`)
      try {
        run.extras = await measureExtras(server, target.url, plan.extras)
      } catch (error) {
        log(`scenario 7 failed: ${String(error)}`)
        run.extrasError = briefly(error)
      }
      const largest = sizes[sizes.length - 1]!
      log(`${kind}: scenario 8 (usage) at ${largest} operations`)
      try {
        const session = await signIn(server, email(kind, largest))
        run.usage = await measureUsage(server, session, largest, plan.usageRequests)
      } catch (error) {
        log(`scenario 8 failed: ${String(error)}`)
        run.usageError = briefly(error)
      }
    } else {
      log(`${kind}: scenario 9 (visuals)`)
      try {
        run.visuals = await measureVisuals(server, typical, plan.visualsRounds)
      } catch (error) {
        log(`scenario 9 failed: ${String(error)}`)
        run.visualsError = briefly(error)
      }
      log(`${kind}: scenario 10 (Figma plugin)`)
      try {
        run.figma = await measureFigmaPlugin(server, typical)
      } catch (error) {
        log(`scenario 10 failed: ${String(error)}`)
        run.figmaError = briefly(error)
      }
      log(`${kind}: scenario 11 (i18n files)`)
      try {
        run.files = await measureFiles(server, typical)
      } catch (error) {
        log(`scenario 11 failed: ${String(error)}`)
        run.filesError = briefly(error)
      }
      // Last, as it restarts the server: the entries go in while it is stopped (it holds the
      // data directory's lock).
      log(`${kind}: scenario 7 (fuzzy search)`)
      try {
        await server.stop()
        const seeded = await seedTmOnPglite(
          target.dataDir,
          email(kind, TYPICAL),
          plan.extras.searches,
        )
        server = await startServer(target)
        run.fuzzy = await measureFuzzy(server, await signIn(server, email(kind, TYPICAL)), seeded)
      } catch (error) {
        log(`scenario 7 (fuzzy search) failed: ${String(error)}`)
        run.fuzzyError = briefly(error)
      }
    }
    return run
  } finally {
    await server.stop()
  }
}

const k = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`)
const ms = (v: number) => `${round(v, 1)} ms`
const label = (kind: string) => (kind === "postgres" ? "PostgreSQL" : "PGlite")

/** Scenario 3's rows: throughput, the overhead beyond the engine, and the books. */
function culturalizeRows(c: DbRun["culturalize"], db: string): Row[] {
  const rows: Row[] = []
  rows.push({
    scenario: "3 Culturalize",
    figure: `${db}: req/s at 50 connections (latency p50 ${c.load.p50} / p99 ${c.load.p99} ms)`,
    value: `${round(c.load.rps, 0)}`,
    target: "-",
    pass: null,
  })
  // Judged one request at a time: at 50 connections a request's time in the server is mostly
  // waiting its turn for the CPU (50 in flight ÷ requests/s), which the figure shows beside.
  rows.push({
    scenario: "3 Culturalize",
    figure: `${db}: overhead beyond engine p50, one at a time (at 50 conns ${c.concurrent.overheadP50} ms; CPU ${c.cpuPerRequestMs} ms/req)`,
    value: ms(c.sequential.overheadP50),
    target: "≤ 3 ms",
    pass: c.sequential.overheadP50 <= 3,
  })
  rows.push({
    scenario: "3 Culturalize",
    figure: `${db}: overhead beyond engine p99, one at a time (at 50 conns ${c.concurrent.overheadP99} ms)`,
    value: ms(c.sequential.overheadP99),
    target: "≤ 20 ms",
    pass: c.sequential.overheadP99 <= 20,
  })
  const books =
    c.lostCharges + c.doubleCharges + Math.abs(c.balanceMismatch) + Math.abs(c.operationMismatch)
  rows.push({
    scenario: "3 Culturalize",
    figure: `${db}: lost / double charges in ${c.succeeded} answered requests`,
    value: `${c.lostCharges} / ${c.doubleCharges}${books ? ` (balance off by ${c.balanceMismatch}, operations by ${c.operationMismatch})` : ""}`,
    target: "0 / 0",
    pass: books === 0,
  })
  return rows
}

/** Scenario 2's rows; the p99 is judged against the bare route's, measured in the same run. */
function restRows(r: RestOverheadResult, kind: DbRun["kind"]): Row[] {
  const db = label(kind)
  const pg = kind === "postgres"
  const rows: Row[] = []
  const restOk = [...r.rest, ...r.bare].every((l) => l.requests > 0 && l.non2xx + l.errors === 0)
  if (!restOk)
    rows.push({
      scenario: "2 REST overhead",
      figure: `${db}: every request answered 2xx`,
      value: "no",
      target: "yes",
      pass: false,
    })
  rows.push({
    scenario: "2 REST overhead",
    figure: `${db}: /rest/v1 ÷ bare route req/s (medians; ${round(r.restRps, 0)} vs ${round(r.bareRps, 0)}; CPU ${r.restCpuMs} vs ${r.bareCpuMs} ms/req)`,
    value: `${round(r.ratio * 100, 0)} %`,
    target: "≥ 50 %",
    pass: r.ratio >= 0.5,
  })
  const p99Ratio = r.restP99 / r.bareP99
  rows.push({
    scenario: "2 REST overhead",
    figure: `${db}: /rest/v1 p99 ÷ bare route p99 at 50 connections (medians; ${ms(r.restP99)} vs ${ms(r.bareP99)})`,
    value: `${round(p99Ratio, 2)}×`,
    target: pg ? "≤ 1.25×" : "-",
    pass: pg ? p99Ratio <= 1.25 : null,
  })
  return rows
}

function rowsFor(run: DbRun): Row[] {
  const db = label(run.kind)
  const rows: Row[] = []
  const pg = run.kind === "postgres"
  for (const a of run.analytics) {
    const at1M = pg && a.operations === 1_000_000
    rows.push({
      scenario: "1 Analytics",
      figure: `${db} ${k(a.operations)}: Dashboard + Analytics fetch, median`,
      value: ms(a.currentMedianMs),
      target: at1M ? "≤ 50 ms" : "-",
      pass: at1M ? a.currentMedianMs <= 50 : null,
    })
    rows.push({
      scenario: "1 Analytics",
      figure: `${db} ${k(a.operations)}: original approach ÷ current (medians)`,
      value: `${a.speedup}× (${round(a.originalMedianMs / 1000, 2)} s)`,
      target: at1M ? "≥ 100×" : "-",
      pass: at1M ? a.speedup >= 100 : a.agree ? null : false,
    })
  }
  const first = run.analytics[0]
  const last = run.analytics[run.analytics.length - 1]
  if (pg && first && last && last.operations === 1_000_000)
    rows.push({
      scenario: "1 Analytics",
      figure: `${db} growth 10k → 1M (ratio of medians)`,
      value: `${round(last.currentMedianMs / first.currentMedianMs, 2)}×`,
      target: "≤ 3×",
      pass: last.currentMedianMs / first.currentMedianMs <= 3,
    })
  if (pg && run.seedMs[1_000_000] !== undefined)
    rows.push({
      scenario: "1 Analytics",
      figure: `${db} seed-demo 1M operations`,
      value: `${round(run.seedMs[1_000_000]! / 1000, 1)} s`,
      target: "< 120 s",
      pass: run.seedMs[1_000_000]! < 120_000,
    })
  if (run.analytics.some((a) => !a.agree))
    rows.push({
      scenario: "1 Analytics",
      figure: `${db}: both approaches give the same figures`,
      value: "no",
      target: "yes",
      pass: false,
    })

  rows.push(...restRows(run.rest, run.kind))

  rows.push(...culturalizeRows(run.culturalize, db))

  if (run.auth) {
    rows.push({
      scenario: "4 Auth",
      figure: `${db}: sign-in req/s (argon2id m=19 MiB, t=2, p=1 per check)`,
      value: `${run.auth.signInRps}`,
      target: "-",
      pass: null,
    })
    rows.push({
      scenario: "4 Auth",
      figure: `${db}: refresh req/s (no hashing)`,
      value: `${run.auth.refreshRps}`,
      target: "-",
      pass: null,
    })
  }
  if (pg) rows.push(...dashboardRows(run.dashboard, run.dashboardError))
  if (pg) rows.push(...extrasRows(run.extras, run.extrasError))
  if (!pg)
    rows.push(
      run.fuzzy
        ? fuzzyRow("PGlite", run.fuzzy)
        : {
            scenario: "7 Culturalize extras",
            figure: `PGlite: fuzzy search not measured: ${run.fuzzyError}`,
            value: "-",
            target: "-",
            pass: false,
          },
    )
  if (pg) rows.push(...usageRows(run.usage, run.usageError))
  if (!pg) rows.push(...visualsRows(run.visuals, run.visualsError))
  if (!pg) rows.push(...figmaPluginRows(run.figma, run.figmaError))
  if (!pg) rows.push(...filesRows(run.files, run.filesError))

  const readyTarget = pg ? 1000 : 3000
  const ready = median(run.readyMs)
  rows.push({
    scenario: "6 Footprint",
    figure: `${db}: start → ready, existing data (median of ${run.readyMs.length}; CPU used ${median(run.readyCpuMs)} ms)`,
    value: ms(ready),
    target: `≤ ${readyTarget / 1000} s`,
    pass: ready <= readyTarget,
  })
  rows.push({
    scenario: "6 Footprint",
    figure: `${db}: start → ready, fresh (migrations; CPU used ${run.freshReadyCpuMs} ms)`,
    value: ms(run.freshReadyMs),
    target: "-",
    pass: null,
  })
  rows.push({
    scenario: "6 Footprint",
    figure: `${db}: RSS idle`,
    value: `${run.idleRssMb} MB`,
    target: "-",
    pass: null,
  })
  const peakTarget = pg ? 256 : 512
  rows.push({
    scenario: "6 Footprint",
    figure: `${db}: RSS peak through scenarios 2–3`,
    value: `${run.peakRssMb} MB`,
    target: `≤ ${peakTarget} MB`,
    pass: run.peakRssMb <= peakTarget,
  })
  return rows
}

function dashboardRows(d: DashboardLoadResult | undefined, error: string | undefined): Row[] {
  if (!d)
    return [
      {
        scenario: "5 Dashboard load",
        figure: `not measured: ${error ?? "apps/web/dist is missing (the web build failed)"}`,
        value: "-",
        target: "-",
        pass: false,
      },
    ]
  const lh = d.lighthouse
  const m = lh.homeMobileMetrics
  return [
    {
      scenario: "5 Dashboard load",
      figure: `/auth first-load JS gzipped (CSS ${d.auth.css} KB)`,
      value: `${d.auth.js} KB`,
      target: "≤ 150 KB",
      pass: d.auth.js <= 150,
    },
    {
      scenario: "5 Dashboard load",
      figure: `/ signed in first-load JS gzipped (CSS ${d.home.css} KB)`,
      value: `${d.home.js} KB`,
      target: "≤ 250 KB",
      pass: d.home.js <= 250,
    },
    {
      scenario: "5 Dashboard load",
      figure: `Lighthouse performance /auth, desktop (mobile ${lh.authMobile ?? "not run"})`,
      value: `${lh.auth}`,
      target: "≥ 0.95",
      pass: lh.auth >= 0.95,
    },
    {
      scenario: "5 Dashboard load",
      figure: "Lighthouse performance / signed in, desktop",
      value: `${lh.home}`,
      target: "≥ 0.95",
      pass: lh.home >= 0.95,
    },
    {
      scenario: "5 Dashboard load",
      figure: m
        ? `Lighthouse performance / signed in, mobile (median of ${lh.homeMobileRuns.join(", ")}; FCP ${m.fcpMs} ms, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls}, SI ${m.speedIndexMs} ms)`
        : "Lighthouse performance / signed in, mobile (--quick: not run)",
      value: `${lh.homeMobile ?? "-"}`,
      // Judged by the full run; --quick skips the mobile audits.
      target: lh.homeMobile === null ? "-" : "≥ 0.95",
      pass: lh.homeMobile === null ? null : lh.homeMobile >= 0.95,
    },
  ]
}

function version(command: string, argv: string[]) {
  try {
    return execFileSync(command, argv, { encoding: "utf8" }).trim()
  } catch {
    return "unknown"
  }
}
const pkgVersion = (name: string) =>
  (
    JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as {
      version: string
    }
  ).version

async function main() {
  const startedAt = new Date()
  const loadBefore = os
    .loadavg()
    .map((v) => round(v, 2))
    .join(" ")
  if (!args.has("--no-build")) {
    log("building (npm run build)")
    const build = spawnSync("npm", ["run", "build"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
    })
    if (build.status !== 0) throw new Error("npm run build failed")
  }
  if (!existsSync(join(ROOT, "apps/server/dist/index.js")))
    throw new Error("no server build found: run without --no-build")
  if (only === "dashboard") return dashboardOnly(loadBefore)
  if (only === "extras") return extrasOnly(loadBefore)
  if (only === "fuzzy") return fuzzyOnly(loadBefore)
  if (only === "rest") return restOnly(loadBefore)
  if (only === "usage") return usageOnly(loadBefore)
  if (only === "culturalize") return culturalizeOnly(loadBefore)
  if (only === "start") return printOnly(npmStartRows(...(await timeNpmStart())), loadBefore)
  if (only === "visuals") return visualsOnly(loadBefore)
  if (only === "figma") return figmaOnly(loadBefore)
  if (only === "files") return filesOnly(loadBefore)

  const runs: DbRun[] = []
  const database = await createPgDatabase()
  try {
    runs.push(await runOn({ kind: "postgres", url: database.url }))
  } finally {
    await database.drop()
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), "nativ-bench-pglite-"))
  try {
    runs.push(await runOn({ kind: "pglite", dataDir }))
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  const [npmStart, npmStartError] = await timeNpmStart()
  closeAgent()

  const order = ["1", "2", "3", "4", "5", "6", "7", "8"]
  const rows = [...runs.flatMap(rowsFor), ...npmStartRows(npmStart, npmStartError)].sort(
    (a, b) => order.indexOf(a.scenario[0]!) - order.indexOf(b.scenario[0]!),
  )
  const cpus = os.cpus()
  const results: Results = {
    mode: quick ? "quick" : "full",
    startedAt: startedAt.toISOString(),
    durationS: Math.round((Date.now() - startedAt.getTime()) / 1000),
    machine: {
      cores: cpus.length,
      cpu: cpus[0]?.model.trim() ?? "unknown",
      memoryGb: round(os.totalmem() / 1024 ** 3, 1),
      loadBefore,
      loadAfter: os
        .loadavg()
        .map((v) => round(v, 2))
        .join(" "),
      node: process.versions.node,
      postgres: database.version,
      pglite: pkgVersion("@electric-sql/pglite"),
      chromium: version(CHROMIUM, ["--version"]).replace(/^Chromium\s*/, ""),
      lighthouse: pkgVersion("lighthouse"),
      autocannon: pkgVersion("autocannon"),
      commit: version("git", ["-C", ROOT, "rev-parse", "--short", "HEAD"]),
    },
    rows,
    details: { ...Object.fromEntries(runs.map((r) => [r.kind, r])), npmStart },
    notes: [
      `Accounts: ${TYPICAL.toLocaleString("en-US")} operations for scenarios 2–5; ${[...plan.pg].map(k).join(", ")} on PostgreSQL and ${plan.pglite.map(k).join(", ")} on PGlite for scenario 1.`,
      "Comparisons alternate A and B in one run and are ratios of medians; absolute times drift with the machine's load.",
      ...(quick
        ? [
            "Quick mode: fewer and shorter rounds and no 100k/1M accounts; 1M targets are checked by the full run.",
          ]
        : []),
    ],
  }
  const dir = join(ROOT, "bench/results")
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "latest.json"), JSON.stringify(results, null, 2) + "\n")
  const md = markdown(results)
  writeFileSync(join(dir, "latest.md"), md + "\n")
  updateReadme(md)
  process.stdout.write(`\n${textTable(rows)}\n\n${results.notes.join("\n")}\n`)
  return rows.some((r) => r.pass === false) ? 1 : 0
}

/** Scenario 6's `npm start` restarts, or why they could not be timed. */
async function timeNpmStart(): Promise<[NpmStartResult | undefined, string | undefined]> {
  log("scenario 6 (npm start on the unchanged checkout)")
  try {
    return [await measureNpmStart(plan.restarts), undefined]
  } catch (error) {
    log(`npm start failed: ${String(error)}`)
    return [undefined, briefly(error)]
  }
}

/**
 * A fresh PostgreSQL database and a server on it, for one scenario run alone (`--only`): with
 * `operations`, an account signed up and given that many demo operations first (how long the seed
 * took is passed on). The server and the database are gone afterwards; latest.json and the README
 * keep the last full run.
 */
async function onFreshPostgres<T>(
  operations: number | null,
  measure: (server: Server, account: string, databaseUrl: string, seedMs: number) => Promise<T>,
): Promise<T> {
  const database = await createPgDatabase()
  try {
    return await onFresh(
      { kind: "postgres", url: database.url },
      operations,
      (server, account, seedMs) => measure(server, account, database.url, seedMs),
    )
  } finally {
    await database.drop()
    closeAgent()
  }
}

/** The same on a fresh PGlite data directory (removed afterwards). */
async function onFreshPglite<T>(
  operations: number | null,
  measure: (server: Server, account: string, seedMs: number) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(os.tmpdir(), "nativ-bench-pglite-"))
  try {
    return await onFresh({ kind: "pglite", dataDir }, operations, measure)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    closeAgent()
  }
}

async function onFresh<T>(
  target: DbTarget,
  operations: number | null,
  measure: (server: Server, account: string, seedMs: number) => Promise<T>,
): Promise<T> {
  const account = email(target.kind, operations ?? TYPICAL)
  let seedMs = 0
  if (operations !== null) {
    const first = await startServer(target)
    await createConfirmedAccount(first, account)
    await first.stop() // PGlite: the server holds the data directory's lock; seed-demo needs it
    log(`${target.kind}: seed-demo --operations ${operations}`)
    seedMs = await seedDemo(target, account, operations)
  }
  const server = await startServer(target)
  try {
    return await measure(server, account, seedMs)
  } finally {
    await server.stop()
  }
}

/** A scenario's failure as one short line for its row. */
const briefly = (error: unknown) => String(error).split("\n")[0]!.slice(0, 200)

/** Prints a single scenario's table (and `details`); the exit code says whether it all passed. */
function printOnly(rows: Row[], loadBefore: string, details = "") {
  const loadAfter = os
    .loadavg()
    .map((v) => round(v, 2))
    .join(" ")
  process.stdout.write(
    `\n${textTable(rows)}\n\n${details}load average ${loadBefore} before / ${loadAfter} after\n`,
  )
  return rows.some((r) => r.pass === false) ? 1 : 0
}

/** Scenario 9 alone, on a fresh PGlite server whose account seed-demo gave credits. */
async function visualsOnly(loadBefore: string) {
  const dataDir = mkdtempSync(join(os.tmpdir(), "nativ-bench-visuals-"))
  const target: DbTarget = { kind: "pglite", dataDir }
  let visuals: VisualsResult | undefined
  let error: string | undefined
  try {
    let server = await startServer(target)
    await createConfirmedAccount(server, email("visuals", 0))
    await server.stop()
    await seedDemo(target, email("visuals", 0), TYPICAL)
    server = await startServer(target)
    try {
      log("scenario 9 (visuals)")
      const session = await signIn(server, email("visuals", 0))
      visuals = await measureVisuals(server, session, plan.visualsRounds)
    } catch (e) {
      error = briefly(e)
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    closeAgent()
  }
  return printOnly(visualsRows(visuals, error), loadBefore)
}

/**
 * One scenario alone, on a fresh PGlite server whose account (named after `tag`) seed-demo gave
 * credits: scenarios 10 and 11.
 */
async function seededScenarioOnly<T>(
  tag: string,
  label: string,
  measure: (server: Server, session: Session) => Promise<T>,
  rows: (result: T | undefined, error?: string) => Row[],
  loadBefore: string,
) {
  const dataDir = mkdtempSync(join(os.tmpdir(), `nativ-bench-${tag}-`))
  const target: DbTarget = { kind: "pglite", dataDir }
  let result: T | undefined
  let error: string | undefined
  try {
    let server = await startServer(target)
    await createConfirmedAccount(server, email(tag, 0))
    await server.stop()
    await seedDemo(target, email(tag, 0), 0)
    server = await startServer(target)
    try {
      log(label)
      result = await measure(server, await signIn(server, email(tag, 0)))
    } catch (e) {
      error = briefly(e)
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    closeAgent()
  }
  return printOnly(rows(result, error), loadBefore)
}

const figmaOnly = (loadBefore: string) =>
  seededScenarioOnly(
    "figma",
    "scenario 10 (Figma plugin)",
    measureFigmaPlugin,
    figmaPluginRows,
    loadBefore,
  )

const filesOnly = (loadBefore: string) =>
  seededScenarioOnly("files", "scenario 11 (i18n files)", measureFiles, filesRows, loadBefore)

/** Scenario 5 alone, mobile audits included, for iterating on the dashboard. */
async function dashboardOnly(loadBefore: string) {
  let error: string | undefined
  const dashboard = await onFreshPostgres(TYPICAL, async (server, account) => {
    log("scenario 5 (dashboard load)")
    return measureDashboardLoad(server, account, { mobile: true, reportDir }).catch(
      (e: unknown) => {
        error = briefly(e)
        return undefined
      },
    )
  })
  const lighthouse = JSON.stringify(dashboard?.lighthouse ?? null, null, 2)
  return printOnly(dashboardRows(dashboard, error), loadBefore, `${lighthouse}\n`)
}

/** Scenario 2 alone, for iterating on /rest/v1: the per-round figures are printed too. */
async function restOnly(loadBefore: string) {
  const rest = await onFreshPostgres(TYPICAL, async (server, account) => {
    log("scenario 2 (REST overhead)")
    const session = await signIn(server, account)
    return measureRestOverhead(server, session, plan.restRounds, plan.restSeconds)
  })
  const rounds = (["rest", "bare"] as const).map(
    (kind) =>
      `${kind}: ${rest[kind].map((l) => `${round(l.rps, 0)} req/s p99 ${l.p99} ms`).join(" | ")}`,
  )
  return printOnly(restRows(rest, "postgres"), loadBefore, `${rounds.join("\n")}\n`)
}

/** Scenario 3 alone on PostgreSQL, then PGlite (typical account), for iterating on the charge path. */
async function culturalizeOnly(loadBefore: string) {
  const measure = async (server: Server, account: string) => {
    log("scenario 3 (culturalize)")
    const session = await signIn(server, account)
    return measureCulturalize(server, session, plan.culturalize)
  }
  const postgres = await onFreshPostgres(TYPICAL, measure)
  const pglite = await onFreshPglite(TYPICAL, measure)
  return printOnly(
    [...culturalizeRows(postgres, label("postgres")), ...culturalizeRows(pglite, label("pglite"))],
    loadBefore,
  )
}

/** Scenario 7 alone, for iterating: prints its table only. */
async function extrasOnly(loadBefore: string) {
  let error: string | undefined
  const extras = await onFreshPostgres(null, async (server, _account, databaseUrl) => {
    log("scenario 7 (culturalize extras)")
    return measureExtras(server, databaseUrl, plan.extras).catch((e: unknown) => {
      error = briefly(e)
      return undefined
    })
  })
  return printOnly(extrasRows(extras, error), loadBefore)
}

/** Scenario 7's fuzzy search alone, on a fresh PostgreSQL database and then a fresh PGlite one. */
async function fuzzyOnly(loadBefore: string) {
  const database = await createPgDatabase()
  const rows: Row[] = []
  try {
    log("scenario 7 (fuzzy search) on PostgreSQL")
    const target: DbTarget = { kind: "postgres", url: database.url }
    rows.push(fuzzyRow("PostgreSQL", await measureFuzzyAlone(target, plan.extras.searches)))
  } finally {
    await database.drop()
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), "nativ-bench-pglite-"))
  try {
    log("scenario 7 (fuzzy search) on PGlite")
    const target: DbTarget = { kind: "pglite", dataDir }
    rows.push(fuzzyRow("PGlite", await measureFuzzyAlone(target, plan.extras.searches)))
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    closeAgent()
  }
  return printOnly(rows, loadBefore)
}

/** Scenario 8 alone on a fresh 1M-operation account (10k with --quick), with its seed time. */
async function usageOnly(loadBefore: string) {
  const operations = plan.pg[plan.pg.length - 1]!
  let error: string | undefined
  let seconds = 0
  const usage = await onFreshPostgres(operations, async (server, account, _url, seedMs) => {
    seconds = round(seedMs / 1000, 1)
    log("scenario 8 (usage)")
    const session = await signIn(server, account)
    return measureUsage(server, session, operations, plan.usageRequests).catch((e: unknown) => {
      error = briefly(e)
      return undefined
    })
  })
  const seedRow: Row = {
    scenario: "8 Usage",
    figure: `PostgreSQL seed-demo ${k(operations)} operations (usage rollups included)`,
    value: `${seconds} s`,
    target: operations >= 1_000_000 ? "< 120 s" : "-",
    pass: operations >= 1_000_000 ? seconds < 120 : null,
  }
  return printOnly([...usageRows(usage, error), seedRow], loadBefore)
}

/** Replaces the results section of bench/README.md with this run's table. */
function updateReadme(md: string) {
  const path = join(ROOT, "bench/README.md")
  if (!existsSync(path)) return
  const text = readFileSync(path, "utf8")
  const start = "<!-- results:start -->"
  const end = "<!-- results:end -->"
  const a = text.indexOf(start)
  const b = text.indexOf(end)
  if (a < 0 || b < a) return
  writeFileSync(path, `${text.slice(0, a + start.length)}\n${md}\n${text.slice(b)}`)
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(2)
  },
)
