// CI's phases after the machine is ready (.ci/run installs what it lacks). On two cores the
// independent phases share the machine: lint/typecheck beside the build, then the whole Vitest
// suite on PGlite beside the server tests on PostgreSQL (the only tests that touch a database)
// and the end-to-end specs (their server always runs on PGlite, so one run covers them).
import { spawnSync } from "node:child_process"

import { runSteps } from "../scripts/ci-phases.mjs"

const database = `nativ_ci_${Date.now()}_${process.pid}`
/** @param {string} sql */
const admin = (sql) =>
  spawnSync("psql", ["-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc", sql], {
    stdio: "inherit",
  }).status === 0

/** @param {string} name @param {string[]} args @param {Record<string, string | undefined>} [env] */
const npm = (name, args, env) => ({ name, command: "npm", args, env })

if (!admin(`create database ${database}`)) process.exit(1)
let ok = false
try {
  ok = await runSteps([
    npm("npm ci", ["ci", "--no-audit", "--no-fund"]),
    [npm("check", ["run", "check"]), npm("build", ["run", "build"])],
    [
      npm("vitest, all projects (PGlite)", ["run", "test:unit"], { DATABASE_URL: undefined }),
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
