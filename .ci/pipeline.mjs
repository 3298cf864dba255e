// CI's phases after the machine is ready (.ci/run installs what it lacks). The build comes first:
// the server tests serve apps/web/dist when it exists, so none may run while Vite rewrites it.
// Then everything independent shares the two cores at once: lint, typecheck and format check;
// every server test on PostgreSQL (but those that only ever start PGlite) and the
// database-specific ones on PGlite (the rule is in apps/server/src/testing/database-tests.ts);
// and the end-to-end specs, whose server runs on
// PGlite (their behaviour does not differ by database, so one run covers them). Every phase's
// time is printed at the end, and each server run's slowest test files.
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import {
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
    // The dashboard's jsdom tests alone first: beside four other phases on two cores a render
    // took seconds and the Translation Memory filter test missed its text in two runs of three.
    // Alone, they use both cores (Vitest's default is one worker fewer than the cores: one here).
    npm("other Vitest projects", [
      "run",
      "test:unit",
      "--",
      "--project",
      "!server",
      "--maxWorkers=2",
    ]),
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
      npm("server tests (PostgreSQL)", serverTests("postgres.json"), {
        DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
        SERVER_TESTS: "postgres",
      }),
      npm("server tests (PGlite, database-specific)", serverTests("pglite.json"), {
        DATABASE_URL: undefined,
        SERVER_TESTS: "pglite",
      }),
      npm("end-to-end (Playwright)", ["run", "e2e"], { DATABASE_URL: undefined }),
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
  rmSync(reports, { recursive: true, force: true })
}
process.exit(ok ? 0 : 1)
