import { expect, type Page, test } from "@playwright/test"

import { type Account } from "../support/accounts"
import { checkScreen, expectFitsWidth, expectToast } from "../support/screens"
import { totpCode, wrongTotpCode } from "../support/totp"
import { checkScreenInBothThemes, signedInAccount } from "../support/workspace"

/** The password step on /auth; an account with two-factor on then lands on the code step. */
async function signInWithPassword(page: Page, account: Pick<Account, "email" | "password">) {
  await page.goto("/auth")
  await page.getByLabel("Email").fill(account.email)
  await page.getByLabel("Password").fill(account.password)
  await page.getByRole("button", { name: "Sign In" }).click()
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log Out" }).click()
  await expect(page).toHaveURL(/\/auth$/)
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Authentication code").fill(code)
  await page.getByRole("button", { name: "Verify" }).click()
}

const dashboard = (page: Page) => page.getByRole("heading", { name: "Dashboard", level: 1 })

test.describe("two-factor authentication", () => {
  test.setTimeout(180_000)

  test("enrol, then every sign-in needs a fresh code until the app is removed", async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, "two-factor")
    await page.goto("/settings?tab=security")
    await expect(page.getByText("Two-factor authentication is off.")).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "security-off")

    // Enrol: QR code and setup key; a wrong first code is refused, the right one turns it on.
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click()
    const dialog = page.getByRole("dialog", { name: "Set up two-factor authentication" })
    await expect(dialog.getByAltText("QR code to scan with your authenticator app")).toBeVisible()
    const secret = (await dialog.getByTestId("totp-secret").textContent())!.trim()
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    await checkScreen(page, testInfo, "enrol")
    await expectFitsWidth(page)
    await dialog.getByLabel("Verification code").fill(wrongTotpCode(secret))
    await dialog.getByRole("button", { name: "Turn on" }).click()
    await expect(dialog.getByText("Invalid TOTP code entered")).toBeVisible()
    const enrolled = await totpCode(secret)
    await dialog.getByLabel("Verification code").fill(enrolled.code)
    await dialog.getByRole("button", { name: "Turn on" }).click()
    await expectToast(page, "Two-factor authentication is on")
    // The first recovery codes are shown once, in the same dialog.
    const saved = page.getByRole("dialog", { name: "Save your recovery codes" })
    await expect(
      saved.getByRole("list", { name: "Recovery codes" }).getByRole("listitem"),
    ).toHaveCount(10)
    await saved.getByRole("button", { name: "I have saved my codes" }).click()
    await expect(saved).toHaveCount(0)
    const factors = page.getByRole("list", { name: "Authenticator apps" })
    await expect(factors.getByText("Authenticator app")).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "security-on")

    // Sign in again: the password alone does not open the dashboard, not even after a reload.
    await logOut(page)
    await signInWithPassword(page, account)
    await expect(page).toHaveURL(/\/mfa$/)
    const input = page.getByLabel("Authentication code")
    await expect(input).toHaveAttribute("inputmode", "numeric")
    await expect(input).toHaveAttribute("autocomplete", "one-time-code")
    await expect(input).toHaveAttribute("maxlength", "6")
    await checkScreenInBothThemes(page, testInfo, "code-step")
    await expectFitsWidth(page)
    await page.reload()
    await expect(page).toHaveURL(/\/mfa$/)
    await page.goto("/settings")
    await expect(page).toHaveURL(/\/mfa$/)

    await enterCode(page, wrongTotpCode(secret))
    await expect(page.getByRole("main").getByText("Invalid TOTP code entered")).toBeVisible()
    await expect(page).toHaveURL(/\/mfa$/)
    const first = await totpCode(secret, { after: enrolled.step })
    await enterCode(page, first.code)
    await expect(dashboard(page)).toBeVisible()

    // The same code cannot be used twice; "Use a different account" goes back to the password.
    await logOut(page)
    await signInWithPassword(page, account)
    await expect(page).toHaveURL(/\/mfa$/)
    await enterCode(page, first.code)
    await expect(page.getByRole("main").getByText("Invalid TOTP code entered")).toBeVisible()
    await page.getByRole("button", { name: "Use a different account" }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByLabel("Password")).toBeVisible()

    // A fresh code opens it; then the app is removed and the password is enough again.
    await signInWithPassword(page, account)
    await expect(page).toHaveURL(/\/mfa$/)
    const second = await totpCode(secret, { after: first.step })
    await enterCode(page, second.code)
    await expect(dashboard(page)).toBeVisible()
    await page.goto("/settings?tab=security")
    await factors.getByRole("button", { name: "Remove" }).click()
    const confirm = page.getByRole("dialog", { name: "Remove the authenticator app?" })
    // Removing asks for a current code, even in a session that gave one at sign-in.
    const third = await totpCode(secret, { after: second.step })
    await confirm.getByLabel("Authenticator or recovery code").fill(third.code)
    await confirm.getByRole("button", { name: "Remove" }).click()
    await expectToast(page, "Two-factor authentication is off")
    await expect(page.getByText("Two-factor authentication is off.")).toBeVisible()
    await logOut(page)
    await signInWithPassword(page, account)
    await expect(dashboard(page)).toBeVisible()
  })

  test("closing the setup before the first code leaves two-factor off", async ({ page }) => {
    const account = await signedInAccount(page, "two-factor-cancel")
    await page.goto("/settings?tab=security")
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click()
    const dialog = page.getByRole("dialog", { name: "Set up two-factor authentication" })
    await expect(dialog.getByTestId("totp-secret")).toBeVisible()
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await expect(page.getByText("Two-factor authentication is off.")).toBeVisible()
    await logOut(page)
    await signInWithPassword(page, account)
    await expect(dashboard(page)).toBeVisible()
  })
})
