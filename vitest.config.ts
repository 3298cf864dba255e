import { defineConfig } from "vitest/config"

// One Vitest run covers every workspace's unit and server tests and the root scripts' tests
// (scripts/); Playwright specs live in e2e/ and are run by `npm run e2e`, never by Vitest.
export default defineConfig({
  test: {
    projects: [
      "apps/server",
      "packages/contracts",
      "packages/client",
      "packages/i18n-files",
      "packages/cli",
      "packages/plugin-core",
      "plugins/figma",
      "plugins/photoshop",
      "github-action",
      "apps/web",
      "scripts",
    ],
  },
})
