import { defineConfig } from "vitest/config"

export default defineConfig({
  test: { name: "i18n-files", include: ["src/**/*.test.ts"] },
})
