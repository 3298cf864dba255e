import { defineConfig } from "vitest/config"

// The session's tests run against the real server (apps/server's test app on a migrated database).
export default defineConfig({
  test: {
    name: "plugin-core",
    include: ["src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["../../apps/server/src/testing/global-setup.ts"],
  },
})
