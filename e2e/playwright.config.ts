import { execFileSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"

import { defineConfig } from "@playwright/test"

// The config is evaluated by the runner and again by every worker; values chosen here go through
// the environment (which the workers inherit) so they all agree on one server.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString()
process.env.E2E_JWT_SECRET ??= randomBytes(32).toString("hex")
process.env.E2E_BASE_URL ??= `http://127.0.0.1:${process.env.E2E_PORT}`

/** Debian's Chromium when present (no browser download), else Playwright's own. */
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined)

export default defineConfig({
  testDir: "./specs",
  // Per run (the port is unique), so two runs on one checkout never clobber each other's traces.
  outputDir: `./test-results/run-${process.env.E2E_PORT}`,
  globalSetup: "./global-setup.ts",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
    // A trace records every action of every test to keep those that fail: in CI, where its files
    // are thrown away with the checkout, that recording cost ~45 % more browser CPU on two cores.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
})
