import { readFile } from "node:fs/promises"

import { expect, type Page, test } from "@playwright/test"

import { createConfirmedAccount } from "../support/accounts"
import { linkIn, waitForMail } from "../support/mailbox"
import {
  expectFitsWidth,
  expectNoSeriousViolations,
  expectToast,
  saveScreenshot,
} from "../support/screens"
import { callServer } from "../support/server"
import { enableTwoFactorViaApi, totpCode } from "../support/totp"
import { accessToken, checkScreenInBothThemes, signedInAccount } from "../support/workspace"

/** Signs in over the auth API, gives a fresh code (aal2) and asks for a set of recovery codes. */
async function recoveryCodesViaApi(
  account: { email: string; password: string },
  factor: { secret: string; step: number },
) {
  const aal1 = await accessToken(account)
  const { json: user } = await callServer("/auth/v1/user", { bearer: aal1 })
  const factorId = (user as { factors: { id: string }[] }).factors[0]!.id
  const { json: challenge } = await callServer(`/auth/v1/factors/${factorId}/challenge`, {
    method: "POST",
    body: {},
    bearer: aal1,
  })
  const { code } = await totpCode(factor.secret, { after: factor.step })
  const verified = await callServer(`/auth/v1/factors/${factorId}/verify`, {
    method: "POST",
    body: { challenge_id: (challenge as { id: string }).id, code },
    bearer: aal1,
  })
  expect(verified.status, JSON.stringify(verified.json)).toBe(200)
  const aal2 = (verified.json as { access_token: string }).access_token
  const created = await callServer("/auth/v1/recovery-codes", {
    method: "POST",
    body: {},
    bearer: aal2,
  })
  expect(created.status, JSON.stringify(created.json)).toBe(200)
  return (created.json as { codes: string[] }).codes
}

const dashboard = (page: Page) => page.getByRole("heading", { name: "Dashboard", level: 1 })

test.describe("two-factor recovery codes", () => {
  test.setTimeout(180_000)

  test("turn on two-factor, save the codes, sign in with one, and see one fewer left", async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, "recovery-codes")
    await page.goto("/settings?tab=security")
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click()
    const setup = page.getByRole("dialog", { name: "Set up two-factor authentication" })
    const secret = (await setup.getByTestId("totp-secret").textContent())!.trim()
    const { code } = await totpCode(secret)
    await setup.getByLabel("Verification code").fill(code)
    await setup.getByRole("button", { name: "Turn on" }).click()
    await expectToast(page, "Two-factor authentication is on")
    await waitForMail(account.email, /^Two-factor authentication is on/)

    // Ten codes, shown once, with Copy and Download (a .txt holding every code).
    const dialog = page.getByRole("dialog", { name: "Save your recovery codes" })
    const items = dialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")
    await expect(items).toHaveCount(10)
    const codes = (await items.allTextContents()).map((c) => c.trim())
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    await checkScreenInBothThemes(page, testInfo, "codes-shown")
    await expectFitsWidth(page)
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Download" }).click(),
    ])
    expect(download.suggestedFilename()).toBe("nativ-recovery-codes.txt")
    const file = await readFile((await download.path())!, "utf8")
    for (const c of codes) expect(file).toContain(c)
    expect(file).toContain(account.email)
    await dialog.getByRole("button", { name: "I have saved my codes" }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByText("10 recovery codes left of 10")).toBeVisible()

    // Without the phone: the password, then "Use a recovery code".
    await page.getByRole("button", { name: "Log Out" }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await page.getByLabel("Email").fill(account.email)
    await page.getByLabel("Password").fill(account.password)
    await page.getByRole("button", { name: "Sign In" }).click()
    await expect(page).toHaveURL(/\/mfa$/)
    await page.getByRole("button", { name: "Use a recovery code" }).click()
    await checkScreenInBothThemes(page, testInfo, "recovery-step")
    await expectFitsWidth(page)
    await page.getByLabel("Recovery code").fill("zzzzz-zzzzz")
    await page.getByRole("button", { name: "Verify" }).click()
    await expect(
      page.getByRole("main").getByText("This recovery code is not valid or has already been used"),
    ).toBeVisible()
    await page.getByLabel("Recovery code").fill(codes[0]!)
    await page.getByRole("button", { name: "Verify" }).click()
    await expect(dashboard(page)).toBeVisible()

    const mail = await waitForMail(account.email, /^A recovery code was used/)
    expect(mail.text).toContain("9 recovery codes are left")
    expect(mail.text).toContain("If this was not you, reset your password now")

    await page.goto("/settings?tab=security")
    await expect(page.getByText("9 recovery codes left of 10")).toBeVisible()
    await page.goto("/settings?tab=activity")
    await expect(page.getByText("signed in with a two-factor recovery code")).toBeVisible()

    // The used code does not work twice.
    await page.getByRole("button", { name: "Log Out" }).click()
    await page.getByLabel("Email").fill(account.email)
    await page.getByLabel("Password").fill(account.password)
    await page.getByRole("button", { name: "Sign In" }).click()
    await page.getByRole("button", { name: "Use a recovery code" }).click()
    await page.getByLabel("Recovery code").fill(codes[0]!)
    await page.getByRole("button", { name: "Verify" }).click()
    await expect(
      page.getByRole("main").getByText("This recovery code is not valid or has already been used"),
    ).toBeVisible()
    await page.getByLabel("Recovery code").fill(codes[1]!)
    await page.getByRole("button", { name: "Verify" }).click()
    await expect(dashboard(page)).toBeVisible()

    // New codes on request void the old ones; few left shows the warning state first.
    await page.goto("/settings?tab=security")
    await expect(page.getByText("8 recovery codes left of 10")).toBeVisible()
    // The panel itself, at 375 px in both themes, audited.
    await page.setViewportSize({ width: 375, height: 740 })
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme })
      // The dashboard switches its theme a moment later: audit the new colours, not the old.
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/)
      else await expect(page.locator("html")).not.toHaveClass(/dark/)
      await expectNoSeriousViolations(page, `codes left (${theme}, 375 px)`)
      await saveScreenshot(
        page.getByRole("region", { name: "Recovery codes" }),
        testInfo,
        `recovery-codes--panel-${theme}--375.png`,
      )
    }
    await page.emulateMedia({ colorScheme: "light" })
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByRole("button", { name: "Create new codes" }).click()
    const confirm = page.getByRole("dialog", { name: "Create new recovery codes?" })
    await confirm.getByRole("button", { name: "Create new codes" }).click()
    const fresh = page.getByRole("dialog", { name: "Your new recovery codes" })
    await expect(fresh.getByRole("listitem")).toHaveCount(10)
    await fresh.getByRole("button", { name: "I have saved my codes" }).click()
    await expect(page.getByText("10 recovery codes left of 10")).toBeVisible()

    // Few left: the panel warns (the count is answered for the browser here, to see the state).
    await page.route("**/auth/v1/recovery-codes", (route) =>
      route.request().method() === "GET"
        ? route.fulfill({ json: { remaining: 2, total: 10, created_at: null } })
        : route.fallback(),
    )
    await page.reload()
    await expect(page.getByText("2 recovery codes left of 10")).toBeVisible()
    await expect(page.getByText(/Few recovery codes are left/)).toBeVisible()
    await page.setViewportSize({ width: 375, height: 740 })
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme })
      // The dashboard switches its theme a moment later: audit the new colours, not the old.
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/)
      else await expect(page.locator("html")).not.toHaveClass(/dark/)
      await expectNoSeriousViolations(page, `few codes left (${theme}, 375 px)`)
      await saveScreenshot(
        page.getByRole("region", { name: "Recovery codes" }),
        testInfo,
        `recovery-codes--few-${theme}--375.png`,
      )
    }
  })
  test("a forgotten password with two-factor on: a recovery code instead of the app's code", async ({
    page,
  }) => {
    const account = await createConfirmedAccount("reset-recovery")
    const factor = await enableTwoFactorViaApi(account)
    const codes = await recoveryCodesViaApi(account, factor)
    await page.goto("/forgot-password")
    await page.getByLabel("Email").fill(account.email)
    await page.getByRole("button", { name: "Send reset link" }).click()
    const link = linkIn(
      await waitForMail(account.email, /Reset your Nativ password/),
      "type=recovery",
    )
    await page.goto(link)
    await page.getByRole("button", { name: "Use a recovery code" }).click()
    await page.getByLabel("Recovery code").fill(codes[0]!)
    await page.getByRole("button", { name: "Continue" }).click()
    await page.getByLabel("New Password").fill("after-recovery-9")
    await page.getByLabel("Confirm Password").fill("after-recovery-9")
    await page.getByRole("button", { name: "Set Password" }).click()
    await expectToast(page, "Password updated")
    await expect(dashboard(page)).toBeVisible()
    await waitForMail(account.email, /^Your Nativ password was changed/)
  })
})
