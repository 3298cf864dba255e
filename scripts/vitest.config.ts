import { defineConfig } from "vitest/config"

export default defineConfig({
  // npm-start.test.ts runs `npm start` several times per test (about a second each when idle).
  test: { name: "scripts", include: ["*.test.ts"], environment: "node", testTimeout: 60_000 },
})
