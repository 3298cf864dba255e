import { fileURLToPath } from "node:url"

import { defineConfig } from "vitest/config"

import { databaseSpecificTests } from "./src/testing/database-tests.ts"

// SERVER_TESTS=database-specific runs only the tests whose outcome can differ by database (CI
// runs them on PGlite after running every server test on PostgreSQL); unset, every test runs.
const selection = process.env.SERVER_TESTS
if (selection !== undefined && selection !== "" && selection !== "database-specific")
  throw new Error(`SERVER_TESTS=${selection}: the one selection is "database-specific"`)
const src = fileURLToPath(new URL("./src", import.meta.url))

export default defineConfig({
  test: {
    name: "server",
    include:
      selection === "database-specific"
        ? databaseSpecificTests(src).map((path) => `src/${path}`)
        : ["src/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["src/testing/global-setup.ts"],
  },
})
