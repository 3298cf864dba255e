// CI's phases after the machine is ready (.ci/run installs what it lacks). The build comes first:
// the server tests serve apps/web/dist when it exists, so none may run while Vite rewrites it.
// Then the unit tests beside the server tests on PostgreSQL (every one that reaches it) and lint,
// typecheck and format check, and the end-to-end specs (whose server runs on PGlite: their
// behaviour does not differ by database, so one run covers them) beside the database-specific
// server tests on PGlite (the rule is in apps/server/src/testing/database-tests.ts). Each step
// fills two cores with phases that often wait; more at once starved the timing-sensitive ones.
// Every phase's time is printed at the end, each server run's slowest test files, and the tests
// that failed.
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import {
  failedTests,
  runSteps,
  slowestTestFiles,
  stopRunning,
  typecheckProjects,
} from "../scripts/ci-phases.mjs"

const database = `nativ_ci_${Date.now()}_${process.pid}`
/** @param {string} sql */
const admin = (sql) =>
  spawnSync("psql", ["-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc", sql], {
    stdio: "inherit",
  }).status === 0

/** @param {string} name @param {string[]} args @param {Record<string, string | undefined>} [env] */
const npm = (name, args, env) => ({ name, command: "npm", args, env })

const reports = mkdtempSync(join(tmpdir(), "nativ-ci-"))
/** Vitest's server project, also writing its JSON report (per-file durations) to `report`. */
const serverTests = (/** @type {string} */ report) => [
  "run",
  "test:unit",
  "--",
  "--project",
  "server",
  // Two workers: a test often waits on its database or server, so a second file fills the gap.
  "--maxWorkers=2",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${join(reports, report)}`,
]

if (!admin(`create database ${database}`)) process.exit(1)
// A cancelled run stops its phases (each is a process group of its own) and still drops the database.
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"]))
  process.on(signal, () => stopRunning(signal))
let ok = false
try {
  ok = await runSteps([
    npm("npm ci", ["ci", "--no-audit", "--no-fund"]),
    npm("build", ["run", "build"]),
    // The unit tests, the server tests on PostgreSQL (which mostly wait, on the database and on
    // their servers) and the checks: at 73 % of two cores with the first two alone, so the checks
    // fit beside them. Beside the end-to-end specs and the PGlite run the dashboard's jsdom renders
    // took seconds and findBy* waits ran out.
    [
      // The CLI, the GitHub Action and the plugins' core drive a real server in-process: on
      // PostgreSQL (each test app a database cloned from a template) they took 56 CPU-s against
      // 102 on PGlite (a second of CPU to open each), and which database serves them is not what
      // they test. The server's own runs cover both.
      npm(
        "other Vitest projects",
        [
          "run",
          "test:unit",
          "--",
          "--project",
          "!server",
          "--maxWorkers=2",
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=${join(reports, "other.json")}`,
        ],
        { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}` },
      ),
      npm("server tests (PostgreSQL)", serverTests("postgres.json"), {
        DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
        SERVER_TESTS: "postgres",
      }),
      [
        npm("lint", ["run", "lint"]),
        // The native TypeScript compiler (tsgo, TypeScript 7) checks the projects `npm run
        // typecheck` lists in a tenth of tsc's time; ESLint keeps TypeScript 6 for its parser.
        {
          name: "typecheck",
          command: "bash",
          args: [
            "-c",
            typecheckProjects()
              .map((project) => `npx tsgo -p ${project} --noEmit`)
              .join(" && "),
          ],
        },
        npm("format check", ["run", "format:check"]),
      ],
    ],
    // The end-to-end specs (the longest phase, waiting on the browser, the server and timers)
    // beside the PGlite run, whose process tests mostly wait too.
    [
      npm("end-to-end (Playwright)", ["run", "e2e", "--", "--reporter=list,json"], {
        DATABASE_URL: undefined,
        PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, "playwright.json"),
      }),
      npm("server tests (PGlite, database-specific)", serverTests("pglite.json"), {
        DATABASE_URL: undefined,
        SERVER_TESTS: "pglite",
      }),
    ],
  ])
} finally {
  admin(`drop database if exists ${database} with (force)`)
  for (const { name, report } of [
    { name: "PostgreSQL", report: "postgres.json" },
    { name: "PGlite", report: "pglite.json" },
  ]) {
    const slowest = slowestTestFiles(join(reports, report), 10)
    if (slowest.length === 0) continue
    process.stdout.write(`\n== slowest server test files on ${name}\n`)
    for (const { file, seconds } of slowest)
      process.stdout.write(`${`${seconds} s`.padStart(8)}  ${file}\n`)
  }
  // Last, so that the log's final lines name what failed.
  const failed = ["other.json", "postgres.json", "pglite.json", "playwright.json"].flatMap(
    (report) => failedTests(join(reports, report)),
  )
  if (failed.length > 0) {
    process.stdout.write(`\n== failed tests (${failed.length})\n`)
    for (const test of failed.slice(0, 30)) process.stdout.write(`  ${test}\n`)
  }
  rmSync(reports, { recursive: true, force: true })
}
process.exit(ok ? 0 : 1)
