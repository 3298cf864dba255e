import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gzipSync } from "node:zlib"

import lighthouse from "lighthouse"
import desktopConfig from "lighthouse/core/config/desktop-config.js"
import { type Browser, chromium, type Locator, type Page } from "playwright-core"

import { PASSWORD } from "../lib/accounts"
import { requestJson } from "../lib/http"
import { freePort, type Server } from "../lib/server"

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium"
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

export type Bytes = {
  js: number
  css: number
  jsFiles: number
  cssFiles: number
  /** each file's gzipped KB, largest first */
  files: Record<string, number>
}
export type DashboardLoadResult = {
  auth: Bytes
  home: Bytes
  /** Lighthouse desktop preset (judged) and default mobile profile (reported) */
  lighthouse: {
    auth: number
    home: number
    /** null in --quick */
    authMobile: number | null
    homeMobile: number | null
    authMetrics: Metrics
    homeMetrics: Metrics
  }
}
type Metrics = Record<string, number | undefined>

/** Every script and stylesheet a page loads until the network is idle, gzipped (level 6) in KB. */
async function firstLoadBytes(page: Page, url: string, ready: Locator): Promise<Bytes> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Network.clearBrowserCache")
  const pending: Promise<{ type: string; name: string; gz: number }>[] = []
  page.on("response", (res) => {
    const type = res.request().resourceType()
    const name = new URL(res.url()).pathname.split("/").pop() ?? ""
    if (type === "script" || type === "stylesheet")
      pending.push(
        res.body().then((body) => ({ type, name, gz: gzipSync(body, { level: 6 }).length })),
      )
  })
  await page.goto(url)
  // The page is drawn (its lazy route chunk ran), then nothing more is fetched for 500 ms.
  await ready.waitFor({ timeout: 60_000 })
  await page.waitForLoadState("networkidle")
  const files = await Promise.all(pending)
  page.removeAllListeners("response")
  const sum = (type: string) =>
    Math.round((files.filter((f) => f.type === type).reduce((s, f) => s + f.gz, 0) / 1024) * 10) /
    10
  return {
    js: sum("script"),
    css: sum("stylesheet"),
    jsFiles: files.filter((f) => f.type === "script").length,
    cssFiles: files.filter((f) => f.type === "stylesheet").length,
    files: Object.fromEntries(
      files.sort((a, b) => b.gz - a.gz).map((f) => [f.name, Math.round(f.gz / 102.4) / 10]),
    ),
  }
}

async function audit(browser: Browser, port: number, url: string, desktop: boolean) {
  const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage())
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Network.clearBrowserCache")
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      // Keep the signed-in session (localStorage); the HTTP cache was cleared above.
      disableStorageReset: true,
    },
    desktop ? desktopConfig : undefined,
  )
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`)
  const lhr = result.lhr
  const metric = (id: string) => lhr.audits[id]?.numericValue
  return {
    score: lhr.categories.performance?.score ?? 0,
    metrics: {
      fcpMs: metric("first-contentful-paint"),
      lcpMs: metric("largest-contentful-paint"),
      tbtMs: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      speedIndexMs: metric("speed-index"),
    },
  }
}

/**
 * The built dashboard in Chromium: first-load bytes of /auth (signed out) and of / (signed in, an
 * empty HTTP cache), then Lighthouse performance for both: the desktop preset (judged) and, unless
 * --quick, the default mobile profile (reported). Signed out, /auth does not load supabase-js
 * until the form is sent (apps/web/src/lib/supabase.ts), so its bytes are not counted here.
 */
export async function measureDashboardLoad(
  server: Server,
  email: string,
  options: { mobile: boolean },
): Promise<DashboardLoadResult> {
  const port = await freePort()
  const profile = mkdtempSync(join(tmpdir(), "nativ-bench-chromium-"))
  const chrome: ChildProcess = spawn(
    CHROMIUM,
    [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"],
    { stdio: "ignore", detached: true },
  )
  try {
    const browser = await connect(port)
    const context = browser.contexts()[0]!
    const page = await context.newPage()
    const signInButton = page.getByRole("button", { name: "Sign In" })
    const auth = await firstLoadBytes(page, `${server.url}/auth`, signInButton)
    const authAudit = await audit(browser, port, `${server.url}/auth`, true)
    const authMobile = options.mobile
      ? await audit(browser, port, `${server.url}/auth`, false)
      : null

    await page.goto(`${server.url}/auth`, { waitUntil: "networkidle" })
    await page.getByLabel("Email").fill(email)
    await page.getByLabel("Password").fill(PASSWORD)
    await signInButton.click()
    await page.waitForURL(`${server.url}/`, { timeout: 30_000 })
    await page.goto("about:blank")

    const home = await firstLoadBytes(
      page,
      `${server.url}/`,
      page.getByRole("button", { name: /log out/i }),
    )
    if (new URL(page.url()).pathname !== "/") throw new Error(`/ redirected to ${page.url()}`)
    const homeAudit = await audit(browser, port, `${server.url}/`, true)
    const homeMobile = options.mobile ? await audit(browser, port, `${server.url}/`, false) : null
    await browser.close()
    return {
      auth,
      home,
      lighthouse: {
        auth: authAudit.score,
        home: homeAudit.score,
        authMobile: authMobile?.score ?? null,
        homeMobile: homeMobile?.score ?? null,
        authMetrics: authAudit.metrics,
        homeMetrics: homeAudit.metrics,
      },
    }
  } finally {
    // Chromium's helper processes share its process group (spawned detached): end them all, then
    // remove the profile; a leftover temporary directory is not worth failing the run for.
    const exited = new Promise((resolve) => chrome.once("exit", resolve))
    if (chrome.exitCode === null && chrome.pid) process.kill(-chrome.pid, "SIGKILL")
    await exited
    await new Promise((r) => setTimeout(r, 500))
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 })
    } catch (error) {
      console.warn(`could not remove ${profile}: ${String(error)}`)
    }
  }
}

async function connect(port: number): Promise<Browser> {
  for (let i = 0; i < 100; i++) {
    try {
      await requestJson(`http://127.0.0.1:${port}/json/version`)
      return await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  throw new Error("Chromium did not open its debugging port")
}
