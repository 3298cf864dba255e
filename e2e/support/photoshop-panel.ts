import { existsSync, readFileSync } from "node:fs"
import { dirname, join, normalize } from "node:path"
import { fileURLToPath } from "node:url"

import { type BrowserContext, expect, type Page } from "@playwright/test"
import { buildSync } from "esbuild"

import type {
  FakePhotoshop,
  FakePhotoshopOptions,
} from "../../plugins/photoshop/src/testing/fake-photoshop"
import { createConfirmedAccount } from "./accounts"
import { baseUrl } from "./server"
import { callApi } from "./team"
import { accessToken, addLanguage, grantCredits } from "./workspace"

const plugin = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "plugins", "photoshop")
const dist = join(plugin, "dist")
/** Where the page loads the built panel from, on the server's origin as UXP has no CORS. */
export const PANEL_PATH = "/__photoshop-panel"

let fakeHostScript: string | undefined
/** The fake Photoshop, bundled for the browser (it lives in the plugin's sources, not its build). */
function fakeHost() {
  fakeHostScript ??= buildSync({
    entryPoints: [join(plugin, "src/testing/browser-host.ts")],
    bundle: true,
    format: "iife",
    write: false,
    target: "es2022",
  }).outputFiles[0]!.text
  return fakeHostScript
}

export type PanelWindow = Window & { fakePhotoshop: FakePhotoshop }

/**
 * The built Photoshop panel (plugins/photoshop/dist, as `npm run build` leaves it) in its own page,
 * with the fake Photoshop installed first: Photoshop's `require("photoshop")` / `require("uxp")`,
 * the open document, and a plugin folder whose manifest names this server.
 */
export async function openPanel(
  context: BrowserContext,
  document: NonNullable<FakePhotoshopOptions["document"]>,
) {
  expect(existsSync(join(dist, "index.html")), "the Photoshop plugin is built").toBe(true)
  const panel = await context.newPage()
  await panel.setViewportSize({ width: 320, height: 800 })
  await panel.route(`${baseUrl}${PANEL_PATH}/**`, (route) => {
    const file = normalize(new URL(route.request().url()).pathname.slice(PANEL_PATH.length))
    return route.fulfill({ body: readFileSync(join(dist, file)), contentType: type(file) })
  })
  const scenario: FakePhotoshopOptions = { serverUrl: baseUrl, document }
  await panel.addInitScript({
    content: `window.photoshopScenario = ${JSON.stringify(scenario)};\n${fakeHost()}`,
  })
  await panel.goto(`${PANEL_PATH}/index.html`)
  return panel
}

const type = (file: string) =>
  file.endsWith(".js") ? "text/javascript" : file.endsWith(".css") ? "text/css" : "text/html"

export type PhotoshopSnapshot = {
  documents: { name: string; path: string; texts: Record<string, string>; history: string[] }[]
  files: Record<string, Record<string, string>>
  openedUrls: string[]
}

/** What the fake Photoshop holds now: open documents, saved files, pages opened in the browser. */
export function photoshopState(panel: Page): Promise<PhotoshopSnapshot> {
  return panel.evaluate(() => {
    const fake = (window as unknown as PanelWindow).fakePhotoshop
    return {
      documents: fake.documents.map((d) => ({
        name: d.name,
        path: d.path,
        texts: d.texts(),
        history: d.history.map((h) => h.name),
      })),
      files: Object.fromEntries(fake.files),
      openedUrls: [...fake.openedUrls],
    }
  })
}

/** A company with credits and target languages, and its owner's session token. */
export async function photoshopAccount(label: string, credits: number) {
  const account = await createConfirmedAccount(label)
  await grantCredits(account.userId, credits)
  await addLanguage(account, "French", "FR")
  await addLanguage(account, "German", "DE")
  return { ...account, token: await accessToken(account) }
}

/** Connects the panel with the fallback: an API key made for it in the dashboard. */
export async function connectWithApiKey(panel: Page, token: string) {
  const created = await callApi("/api-keys", token, { method: "POST", body: { name: "Photoshop" } })
  expect(created.status, JSON.stringify(created.json)).toBe(201)
  await panel.getByRole("button", { name: "Use an API key instead" }).click()
  await panel.getByLabel(/API key/).fill((created.json as { key: string }).key)
  await panel.getByRole("button", { name: "Connect with this key" }).click()
  await expect(panel.getByText("Acme Localization")).toBeVisible()
  return (created.json as { id: string }).id
}
