import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

import { expect, type Page, type TestInfo, test } from "@playwright/test"

import { newAccount } from "../support/accounts"
import { expectFitsWidth, expectNoSeriousViolations, saveScreenshot } from "../support/screens"
import { signedInAccount, storedRows } from "../support/workspace"

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..")

const OFFLINE_SENTENCE =
  "This server has no translation model: Nativ keeps your words as written and adapts only numbers, dates, units and quotation marks (and applies your glossary)."

/** Audited with axe and captured at 375 px, in the light and the dark theme. */
async function checkPhoneInBothThemes(page: Page, testInfo: TestInfo, name: string) {
  await expectFitsWidth(page, 375)
  const original = page.viewportSize()
  await page.setViewportSize({ width: 375, height: 812 })
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme })
    if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/)
    await page.waitForTimeout(250)
    await expectNoSeriousViolations(page, `${name} (375 px, ${theme})`)
    await saveScreenshot(page, testInfo, `first-run-engine--${name}-${theme}--375.png`, {
      fullPage: true,
      animations: "disabled",
    })
  }
  await page.emulateMedia({ colorScheme: "light" })
  if (original) await page.setViewportSize(original)
}

test.describe("a new company's first hour: the engine and the price before paying", () => {
  test("the Playground says what the offline engine will do and what a run costs, before any run", async ({
    page,
  }, testInfo) => {
    await signedInAccount(page, "first-run", { languages: [["German", "DE"]] })
    await page.getByRole("link", { name: "Playground" }).first().click()
    await expect(page.getByRole("heading", { name: "Playground", level: 1 })).toBeVisible()

    const status = page.getByTestId("engine-status")
    await expect(status).toContainText(OFFLINE_SENTENCE)
    // The founder is the owner: told what to ask whoever runs the server for.
    await expect(status).toContainText(
      "ask whoever runs your Nativ server to connect a translation model",
    )

    const estimate = page.getByTestId("cost-estimate")
    await expect(estimate).toHaveText("0 / 20,000 characters")
    await page.getByLabel("Text to Culturalize").fill(`${"Save 5 miles today! ".repeat(10)}Done.`)
    await expect(estimate).toHaveText("205 / 20,000 characters · ≈ 3 credits")

    await page.getByRole("button", { name: "More options" }).click()
    await expect(
      page.getByText("Ignored here: this server keeps the words as written."),
    ).toHaveCount(3)

    await checkPhoneInBothThemes(page, testInfo, "playground")

    // The API reference: the engine note, both ways to send a key, dark like the dashboard, and
    // a way back.
    await page.goto("/api/v1/docs")
    await expect(page.getByRole("heading", { name: "Engine" })).toBeVisible()
    await expect(
      page.getByText("This server runs the offline engine", { exact: false }),
    ).toBeVisible()
    await expect(page.getByText("X-API-Key: nativ_…").first()).toBeVisible()
    await page.emulateMedia({ colorScheme: "dark" })
    await page.reload()
    await expect(page.locator("html")).toHaveClass(/dark/)
    await page.setViewportSize({ width: 375, height: 812 })
    await saveScreenshot(page, testInfo, "first-run-engine--api-docs-dark--375.png", {
      animations: "disabled",
    })
    await page.emulateMedia({ colorScheme: "light" })
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByRole("link", { name: "← Back to the dashboard" }).click()
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()

    await page.goto("/settings?tab=about")
    await expect(page.getByText("Offline (no translation model)")).toBeVisible()
    await expect(page.getByTestId("engine-status")).toContainText(OFFLINE_SENTENCE)
    await checkPhoneInBothThemes(page, testInfo, "about")
  })

  test("after an offline run, the note speaks plainly and a Good rating stays out of memory, as the card says", async ({
    page,
  }) => {
    const account = await signedInAccount(page, "first-rating", {
      credits: 100,
      languages: [["German", "DE"]],
    })
    await page.goto("/playground")
    await page.getByLabel("Text to Culturalize").fill("Save 5 miles on 12/24/2025.")
    await page.getByLabel("Target Language").click()
    await page.getByRole("option", { name: "German (DE)" }).click()
    await page.getByRole("button", { name: "Culturalize", exact: true }).click()

    await expect(page.getByTestId("engine-note")).toContainText("The words were kept as written")
    await expect(page.getByTestId("engine-note")).not.toContainText("model provider")
    await expect(page.getByTestId("rating-not-kept")).toHaveText(
      "A Good rating of this result is not kept in your translation memory: its words were not translated.",
    )
    await page.getByRole("radio", { name: "Good" }).click()
    await page.getByRole("button", { name: "Submit Feedback" }).click()
    await expect(page.getByText("Feedback submitted successfully!")).toBeVisible()

    expect(await storedRows<{ approved: boolean }>("user_feedback", account.userId)).toMatchObject([
      { approved: true },
    ])
    expect(await storedRows("tm_entries", account.userId)).toEqual([])
  })

  test.describe("on a server started with SIGNUP_CREDITS", () => {
    test.setTimeout(120_000)
    let server: ChildProcess
    let dataDir: string
    let origin: string

    test.beforeAll(async () => {
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, "127.0.0.1", () => {
          const { port } = probe.address() as { port: number }
          probe.close(() => resolve(port))
        })
      })
      origin = `http://127.0.0.1:${port}`
      dataDir = mkdtempSync(join(tmpdir(), "nativ-e2e-grant-"))
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        MAIL_TRANSPORT: "outbox",
        LOG_LEVEL: "warn",
        SIGNUP_CREDITS: "500",
        RATE_LIMIT_AUTH_PER_MINUTE: "100000",
        RATE_LIMIT_EMAIL_PER_HOUR: "100000",
      }
      for (const name of ["DATABASE_URL", "PUBLIC_URL", "SITE_URL", "API_URL", "JWT_SECRET"])
        delete env[name]
      server = spawn(process.execPath, ["apps/server/dist/index.js"], {
        cwd: root,
        env,
        stdio: "ignore",
      })
      const deadline = Date.now() + 90_000
      for (;;) {
        const ready = await fetch(`${origin}/readyz`).then(
          (res) => res.ok,
          () => false,
        )
        if (ready) break
        if (server.exitCode !== null || Date.now() > deadline)
          throw new Error(`The SIGNUP_CREDITS server did not start (exit ${server.exitCode})`)
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    })

    test.afterAll(async () => {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve))
        server.kill("SIGTERM")
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    })

    test("a company that signs up sees the grant in its balance and Billing history", async ({
      page,
    }, testInfo) => {
      const config = (await (await fetch(`${origin}/config.json`)).json()) as {
        supabaseAnonKey: string
        signupCredits: number
      }
      expect(config.signupCredits).toBe(500)

      // Sign up in the dashboard, confirm through the server's mailbox, then sign in.
      const account = newAccount("grant")
      await page.goto(`${origin}/signup`)
      await page.getByLabel("Email").fill(account.email)
      await page.getByLabel("Company Name").fill(account.companyName)
      await page.getByLabel("Password").fill(account.password)
      await page.getByRole("button", { name: "Create Account" }).click()
      let link: string | undefined
      await expect(async () => {
        const mails = (await (
          await fetch(`${origin}/_mail/messages.json?to=${encodeURIComponent(account.email)}`)
        ).json()) as { text: string }[]
        link = /https?:\/\/\S*token_hash=\S+/.exec(mails[0]?.text ?? "")?.[0]
        expect(link).toBeTruthy()
      }).toPass({ timeout: 10_000 })
      const tokenHash = new URL(link!).searchParams.get("token_hash")
      const verified = await fetch(`${origin}/auth/v1/verify`, {
        method: "POST",
        headers: { apikey: config.supabaseAnonKey, "Content-Type": "application/json" },
        body: JSON.stringify({ token_hash: tokenHash, type: "email" }),
      })
      expect(verified.status).toBe(200)

      await page.goto(`${origin}/auth`)
      await page.getByLabel("Email").fill(account.email)
      await page.getByLabel("Password").fill(account.password)
      await page.getByRole("button", { name: "Sign In" }).click()
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()

      await page.goto(`${origin}/credits`)
      const grant = page.getByTestId("signup-grant")
      await expect(grant).toBeVisible()
      await expect(grant).toContainText("500")
      await expect(grant).toContainText("Grant")
      await expect(grant).toContainText("Sign-up credits")
      await expect(page.getByText("No purchases yet")).toHaveCount(0)
      await checkPhoneInBothThemes(page, testInfo, "billing-grant")
    })
  })
})
