import { defineConfig } from "vitest/config"

export default defineConfig({
  test: { name: "photoshop-plugin", include: ["src/**/*.test.ts", "src/**/*.test.tsx"] },
})
