import { defineConfig } from "vitest/config"

export default defineConfig({
  test: { name: "plugin-core", include: ["src/**/*.test.ts"] },
})
