import { type ChildProcess, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gzipSync } from "node:zlib"

import lighthouse, { type Result as LighthouseResult } from "lighthouse"
import desktopConfig from "lighthouse/core/config/desktop-config.js"
import { type Browser, chromium, type Locator, type Page } from "playwright-core"

import { PASSWORD } from "../lib/accounts"
import { requestJson } from "../lib/http"
import { freePort, type Server } from "../lib/server"
import { median } from "../lib/stats"

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
  /** Lighthouse desktop preset and default mobile profile; mobile is null in --quick */
  lighthouse: {
    auth: number
    home: number
    authMobile: number | null
    /** the median of `homeMobileRuns` */
    homeMobile: number | null
    homeMobileRuns: number[]
    authMetrics: Metrics
    homeMetrics: Metrics
    authMobileMetrics: Metrics | null
    /** each metric's median over the mobile runs of / */
    homeMobileMetrics: Metrics | null
  }
}
type Metrics = Record<string, number | undefined>

/** Mobile audits of / signed in: Lighthouse's score moves by a few hundredths run to run. */
export const HOME_MOBILE_RUNS = 3

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
    // The build inlines the stylesheet into index.html: its <style> blocks count as CSS.
    if (type === "document")
      pending.push(
        res.text().then((html) => {
          const css = [...html.matchAll(/<style>([^]*?)<\/style>/g)].map((m) => m[1]).join("")
          return {
            type: "stylesheet",
            name: `${name || "index.html"} <style>`,
            gz: css ? gzipSync(css, { level: 6 }).length : 0,
          }
        }),
      )
  })
  await page.goto(url)
  // The page is drawn (its lazy route chunk ran), then nothing more is fetched for 500 ms.
  await ready.waitFor({ timeout: 60_000 })
  await page.waitForLoadState("networkidle")
  // A document without <style> blocks adds nothing.
  const files = (await Promise.all(pending)).filter((f) => f.gz > 0)
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

type AuditOptions = {
  desktop: boolean
  /** Where to write the full Lighthouse report (JSON), or nowhere. */
  reportFile?: string
}

async function audit(browser: Browser, port: number, url: string, options: AuditOptions) {
  const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage())
  const cdp = await page.context().newCDPSession(page)
  // A run that fails to record its trace (NO_NAVSTART now and then) scores 0: that is no
  // measurement, so it is run again, once.
  for (let attempt = 1; ; attempt++) {
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
      options.desktop ? desktopConfig : undefined,
    )
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`)
    const lhr = result.lhr
    if (options.reportFile) writeFileSync(options.reportFile, JSON.stringify(lhr))
    if (!lhr.runtimeError) return summary(lhr)
    if (attempt === 2) throw new Error(`lighthouse failed on ${url}: ${lhr.runtimeError.message}`)
  }
}

function summary(lhr: LighthouseResult) {
  const metric = (id: string, digits: number) => {
    const value = lhr.audits[id]?.numericValue
    return value === undefined ? undefined : Number(value.toFixed(digits))
  }
  return {
    score: lhr.categories.performance?.score ?? 0,
    metrics: {
      fcpMs: metric("first-contentful-paint", 0),
      lcpMs: metric("largest-contentful-paint", 0),
      tbtMs: metric("total-blocking-time", 0),
      cls: metric("cumulative-layout-shift", 3),
      speedIndexMs: metric("speed-index", 0),
    } as Metrics,
  }
}

/** Each metric's median over several audits. */
function medianMetrics(runs: Metrics[]): Metrics {
  const keys = Object.keys(runs[0] ?? {})
  return Object.fromEntries(
    keys.map((key) => {
      const values = runs.map((m) => m[key]).filter((v): v is number => v !== undefined)
      return [key, values.length ? median(values) : undefined]
    }),
  )
}

/**
 * The built dashboard in Chromium: first-load bytes of /auth (signed out) and of / (signed in, an
 * empty HTTP cache), then Lighthouse performance for both: the desktop preset and, unless --quick,
 * the default mobile profile (/ signed in: the median of HOME_MOBILE_RUNS audits). Signed out,
 * /auth does not load supabase-js until the form is sent (apps/web/src/lib/supabase.ts), so its
 * bytes are not counted here. With `reportDir`, every audit's full report is written there.
 */
export async function measureDashboardLoad(
  server: Server,
  email: string,
  options: { mobile: boolean; reportDir?: string },
): Promise<DashboardLoadResult> {
  const { reportDir } = options
  if (reportDir) mkdirSync(reportDir, { recursive: true })
  const reportFile = (name: string) => (reportDir ? join(reportDir, `${name}.json`) : undefined)
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
    const authAudit = await audit(browser, port, `${server.url}/auth`, {
      desktop: true,
      reportFile: reportFile("auth-desktop"),
    })
    const authMobile = options.mobile
      ? await audit(browser, port, `${server.url}/auth`, {
          desktop: false,
          reportFile: reportFile("auth-mobile"),
        })
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
    const homeAudit = await audit(browser, port, `${server.url}/`, {
      desktop: true,
      reportFile: reportFile("home-desktop"),
    })
    const homeMobile = []
    for (let i = 0; options.mobile && i < HOME_MOBILE_RUNS; i++)
      homeMobile.push(
        await audit(browser, port, `${server.url}/`, {
          desktop: false,
          reportFile: reportFile(`home-mobile-${i + 1}`),
        }),
      )
    await browser.close()
    const homeMobileRuns = homeMobile.map((a) => a.score)
    return {
      auth,
      home,
      lighthouse: {
        auth: authAudit.score,
        home: homeAudit.score,
        authMobile: authMobile?.score ?? null,
        homeMobile: homeMobileRuns.length ? median(homeMobileRuns) : null,
        homeMobileRuns,
        authMetrics: authAudit.metrics,
        homeMetrics: homeAudit.metrics,
        authMobileMetrics: authMobile?.metrics ?? null,
        homeMobileMetrics: homeMobile.length
          ? medianMetrics(homeMobile.map((a) => a.metrics))
          : null,
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
