import { fileURLToPath } from "node:url"

import { defineConfig } from "vitest/config"

import { testsOfRun } from "./src/testing/database-tests.ts"

// CI's two server runs (src/testing/database-tests.ts): SERVER_TESTS=postgres (with DATABASE_URL)
// runs every test that reaches PostgreSQL, SERVER_TESTS=pglite (without) the database-specific
// ones. Unset, every test runs, on PGlite or on DATABASE_URL's server.
const run = process.env.SERVER_TESTS || undefined
if (run !== undefined && run !== "postgres" && run !== "pglite")
  throw new Error(`SERVER_TESTS=${run}: the runs are "postgres" and "pglite"`)
if (run && (run === "postgres") !== Boolean(process.env.DATABASE_URL))
  throw new Error(`SERVER_TESTS=${run} needs DATABASE_URL ${run === "postgres" ? "set" : "unset"}`)
const src = fileURLToPath(new URL("./src", import.meta.url))

export default defineConfig({
  test: {
    name: "server",
    include: run ? testsOfRun(src, run).map((path) => `src/${path}`) : ["src/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A worker keeps its modules from one test file to the next: importing the server afresh for
    // each of ~140 files was half of the suite's CPU (178 of 377 s on PostgreSQL). Every test builds
    // its own app, database and servers; what a test stubs is restored after it (restoreMocks).
    isolate: false,
    restoreMocks: true,
    globalSetup: ["src/testing/global-setup.ts"],
  },
})
