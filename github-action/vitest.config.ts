import { defineConfig } from "vitest/config"

// The Action's tests run its bundle as the runner does against a real server, which starts from
// the server's migrated PGlite snapshot (or PostgreSQL template with DATABASE_URL).
export default defineConfig({
  test: {
    name: "github-action",
    include: ["src/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ["../apps/server/src/testing/global-setup.ts"],
  },
})
