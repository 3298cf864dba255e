import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

import { expect, type Page, test } from "@playwright/test"

import { newAccount } from "../support/accounts"
import { expectToast } from "../support/screens"
import { baseUrl } from "../support/server"

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..")

/** Signs up from the dashboard opened at `origin` and expects the account to be created. */
async function signUpAt(page: Page, origin: string, label: string) {
  const blocked: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error" && /content security policy/i.test(message.text()))
      blocked.push(message.text())
  })
  const account = newAccount(label)
  await page.goto(`${origin}/signup`)
  await page.getByLabel("Email").fill(account.email)
  await page.getByLabel("Company Name").fill(account.companyName)
  await page.getByLabel("Password").fill(account.password)
  await page.getByRole("button", { name: "Create Account" }).click()
  await expectToast(
    page,
    "Account created successfully!",
    "Please check your email to verify your account before signing in.",
  )
  expect(blocked).toEqual([])
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

test.describe("a dashboard opened at another address than PUBLIC_URL", () => {
  test("calls the configured PUBLIC_URL, which its policy allows", async ({ page }) => {
    // The suite's server says PUBLIC_URL=http://127.0.0.1:PORT; localhost is the same server at
    // another origin, as a LAN name or a proxy would be.
    const other = baseUrl.replace("127.0.0.1", "localhost")
    expect(other).not.toBe(baseUrl)
    await signUpAt(page, other, "origin-configured")
  })

  test.describe("on a server started without PUBLIC_URL", () => {
    test.setTimeout(120_000)
    let server: ChildProcess
    let dataDir: string
    let port: number

    test.beforeAll(async () => {
      port = await freePort()
      dataDir = mkdtempSync(join(tmpdir(), "nativ-e2e-origin-"))
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        MAIL_TRANSPORT: "outbox",
        LOG_LEVEL: "warn",
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
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (res) => res.ok,
          () => false,
        )
        if (ready) break
        if (server.exitCode !== null || Date.now() > deadline)
          throw new Error(`The second server did not start (exit ${server.exitCode})`)
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

    test("works at 127.0.0.1 and at localhost, calling the origin it was loaded from", async ({
      page,
    }) => {
      for (const [host, label] of [
        ["127.0.0.1", "origin-ip"],
        ["localhost", "origin-name"],
      ] as const) {
        const origin = `http://${host}:${port}`
        const config = await page.request.get(`${origin}/config.json`)
        expect(await config.json()).toMatchObject({
          supabaseUrl: origin,
          apiUrl: `${origin}/api/v1`,
        })
        await signUpAt(page, origin, label)
      }
    })
  })
})
