// CI's phases after the machine is ready (.ci/run installs what it lacks). The build comes first:
// the server tests serve apps/web/dist when it exists, so none may run while Vite rewrites it.
// Then everything independent shares the two cores at once, in pieces of similar length so that
// neither core idles near the end: lint/typecheck/format; the server tests on PGlite and again
// on PostgreSQL (the only tests that touch a database); every other Vitest project; and the
// end-to-end specs (their server always runs on PGlite, so one run covers them).
import { spawnSync } from "node:child_process"

import { runSteps, stopRunning } from "../scripts/ci-phases.mjs"

const database = `nativ_ci_${Date.now()}_${process.pid}`
/** @param {string} sql */
const admin = (sql) =>
  spawnSync("psql", ["-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc", sql], {
    stdio: "inherit",
  }).status === 0

/** @param {string} name @param {string[]} args @param {Record<string, string | undefined>} [env] */
const npm = (name, args, env) => ({ name, command: "npm", args, env })

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
      npm("check", ["run", "check"]),
      npm("server tests (PGlite)", ["run", "test:unit", "--", "--project", "server"], {
        DATABASE_URL: undefined,
      }),
      npm("server tests (PostgreSQL)", ["run", "test:unit", "--", "--project", "server"], {
        DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
      }),
      npm("end-to-end (Playwright)", ["run", "e2e"], { DATABASE_URL: undefined }),
    ],
  ])
} finally {
  admin(`drop database if exists ${database} with (force)`)
}
process.exit(ok ? 0 : 1)
