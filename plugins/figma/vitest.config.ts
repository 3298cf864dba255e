import { defineConfig } from "vitest/config"

export default defineConfig({
  test: { name: "figma-plugin", include: ["src/**/*.test.ts", "src/**/*.test.tsx"] },
})
