/// <reference types="@figma/plugin-typings" />
import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

import {
  type BrowserContext,
  expect,
  type FrameLocator,
  type Page,
  type TestInfo,
} from "@playwright/test"
import { buildSync } from "esbuild"

import type { FigmaScenario, LayerSnapshot } from "../../plugins/figma/src/testing/browser-host"
import { expectNoSeriousViolations, saveScreenshot } from "./screens"
import { baseUrl } from "./server"
import { callApi } from "./team"

const plugin = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "plugins", "figma")
/**
 * Where the harness page is served (intercepted by the test, never reaching the server): on
 * another origin than the server's (localhost, not 127.0.0.1), so the UI's calls are cross-origin
 * as in Figma. Figma's iframe has an opaque origin; Chromium refuses an opaque origin any call to
 * a loopback address (Local Network Access), and this test's server is on loopback.
 */
const HARNESS = "/__figma-harness"
const harnessOrigin = baseUrl.replace("127.0.0.1", "localhost")

let hostScript: string | undefined
/** The fake Figma and the plugin's main code, bundled for the browser from the plugin's sources. */
function hostBundle() {
  hostScript ??= buildSync({
    entryPoints: [join(plugin, "src/testing/browser-host.ts")],
    bundle: true,
    format: "iife",
    write: false,
    target: "es2022",
  }).outputFiles[0]!.text
  return hostScript
}

const HARNESS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Figma (fake host)</title></head>
<body style="margin:0">
<iframe id="plugin-ui" title="Nativ plugin" sandbox="allow-scripts allow-forms allow-same-origin"
  style="width:380px;height:1100px;border:0"></iframe>
<script src="host.js"></script>
</body></html>`

export type FigmaPlugin = { host: Page; ui: FrameLocator }

/**
 * A page playing Figma: the fake document and the plugin's main code, with the plugin's built UI
 * (plugins/figma/dist/ui.html, as `npm run build` leaves it) in an iframe, talking to the
 * real server at this test run's address.
 */
export async function openFigma(
  context: BrowserContext,
  scenario: Omit<FigmaScenario, "serverUrl">,
): Promise<FigmaPlugin> {
  const uiFile = join(plugin, "dist", "ui.html")
  expect(existsSync(uiFile), "the Figma plugin is built").toBe(true)
  // Chromium asks before a page calls a loopback address from elsewhere; the person said yes.
  await context.grantPermissions(["local-network-access"], { origin: harnessOrigin })
  const host = await context.newPage()
  await host.setViewportSize({ width: 400, height: 1100 })
  const full: FigmaScenario = { ...scenario, serverUrl: baseUrl }
  await host.route(`${harnessOrigin}${HARNESS}/**`, (route) => {
    const file = new URL(route.request().url()).pathname.slice(HARNESS.length + 1)
    if (file === "host.js")
      return route.fulfill({
        body: `window.figmaScenario = ${JSON.stringify(full)};\n${hostBundle()}`,
        contentType: "text/javascript",
      })
    if (file === "ui.html")
      return route.fulfill({ body: readFileSync(uiFile, "utf8"), contentType: "text/html" })
    return route.fulfill({ body: HARNESS_PAGE, contentType: "text/html" })
  })
  await host.goto(`${harnessOrigin}${HARNESS}/index.html`)
  const ui = host.frameLocator("#plugin-ui")
  await expect(ui.getByRole("heading", { name: "Nativ" })).toBeVisible()
  return { host, ui }
}

/** The page's top-level layers and their texts, as the fake Figma holds them now. */
export function figmaLayers(host: Page): Promise<LayerSnapshot[]> {
  return host.evaluate(() => window.figmaHarness.snapshot())
}

export function selectFrames(host: Page, names: string[]) {
  return host.evaluate((chosen) => window.figmaHarness.select(chosen), names)
}

/** The plugin in Figma's light and then dark theme: audited with axe, then captured under e2e/screenshots/. */
export async function checkBothThemes(host: Page, testInfo: TestInfo, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await host.evaluate((chosen) => window.figmaHarness.setTheme(chosen), theme)
    await expectNoSeriousViolations(host, `the Figma plugin, ${name} (${theme})`)
    await saveScreenshot(host, testInfo, `figma-plugin--${name}--${theme}.png`, { fullPage: true })
  }
  await host.evaluate(() => window.figmaHarness.setTheme("light"))
}

/** The addresses the plugin asked Figma to open in the browser (figma.openExternal). */
export function openedUrls(host: Page): Promise<string[]> {
  return host.evaluate(() => [...window.figmaHarness.fake.opened])
}

/** Connects with the fallback: an API key made for the plugin (the device flow has its own test). */
export async function connectWithApiKey(ui: FrameLocator, token: string) {
  const created = await callApi("/api-keys", token, { method: "POST", body: { name: "Figma" } })
  expect(created.status, JSON.stringify(created.json)).toBe(201)
  await ui.getByRole("button", { name: "Use an API key instead" }).click()
  await ui.getByLabel("API key").fill((created.json as { key: string }).key)
  await ui.getByRole("button", { name: "Use this key" }).click()
  await expect(ui.getByTestId("balance")).toBeVisible()
}
