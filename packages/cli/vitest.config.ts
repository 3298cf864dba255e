import { defineConfig } from "vitest/config"

// The CLI's tests drive a real server in-process: the server's global setup migrates one PGlite
// snapshot (or a PostgreSQL template with DATABASE_URL) that each test app starts from.
export default defineConfig({
  test: {
    name: "cli",
    include: ["src/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["../../apps/server/src/testing/global-setup.ts"],
  },
})
