import { expect, test } from "@playwright/test"

import { createConfirmedAccount } from "../support/accounts"
import { linkIn, waitForMail } from "../support/mailbox"
import { checkScreen, expectFitsWidth, expectToast } from "../support/screens"
import { baseUrl, callServer, uniqueEmail } from "../support/server"
import { enableTwoFactorViaApi, totpCode } from "../support/totp"
import { checkScreenInBothThemes } from "../support/workspace"

const RESET_SUBJECT = /Reset your Nativ password/

/** Whether the password grant accepts `password` for `email`. */
async function passwordWorks(email: string, password: string) {
  const { status } = await callServer("/auth/v1/token?grant_type=password", {
    method: "POST",
    body: { email, password },
  })
  return status === 200
}

test.describe("password reset", () => {
  test("forgot → email → new password signs the user in; the old password stops working", async ({
    page,
  }, testInfo) => {
    const account = await createConfirmedAccount("reset")
    await page.goto("/auth")
    await page.getByRole("link", { name: "Forgot password?" }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await checkScreenInBothThemes(page, testInfo, "forgot")
    await expectFitsWidth(page)

    await page.getByLabel("Email").fill(account.email)
    await page.getByRole("button", { name: "Send reset link" }).click()
    await expect(
      page.getByText(`If an account exists for ${account.email}, a reset link is on its way.`),
    ).toBeVisible()
    await checkScreen(page, testInfo, "sent")

    const link = linkIn(await waitForMail(account.email, RESET_SUBJECT), "type=recovery")
    expect(new URL(link).searchParams.get("redirect_to")).toBe(`${baseUrl}/reset-password`)
    await page.goto(link)
    await expect(page).toHaveURL(/\/reset-password/)
    await expect(page.getByText("Choose a new password")).toBeVisible()
    expect(page.url()).not.toContain("access_token")
    await checkScreenInBothThemes(page, testInfo, "new-password")
    await expectFitsWidth(page)

    await page.getByLabel("New Password").fill("brand-new-pass-7")
    await page.getByLabel("Confirm Password").fill("brand-new-pass-8")
    await page.getByRole("button", { name: "Set Password" }).click()
    await expectToast(page, "Password mismatch", "Passwords do not match. Please try again.")
    await page.getByLabel("New Password").fill("short")
    await page.getByLabel("Confirm Password").fill("short")
    await page.getByRole("button", { name: "Set Password" }).click()
    await expectToast(page, "Password too short", "Password must be at least 6 characters long.")

    await page.getByLabel("New Password").fill("brand-new-pass-7")
    await page.getByLabel("Confirm Password").fill("brand-new-pass-7")
    await page.getByRole("button", { name: "Set Password" }).click()
    await expectToast(page, "Password updated", "Your new password is set and you are signed in.")
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    await expect(page).toHaveURL(`${baseUrl}/`)

    expect(await passwordWorks(account.email, account.password)).toBe(false)
    expect(await passwordWorks(account.email, "brand-new-pass-7")).toBe(true)
  })

  test("a link used once is refused the second time and offers a new one", async ({
    page,
  }, testInfo) => {
    const account = await createConfirmedAccount("reset-twice")
    const { status } = await callServer(
      `/auth/v1/recover?redirect_to=${encodeURIComponent(`${baseUrl}/reset-password`)}`,
      { method: "POST", body: { email: account.email } },
    )
    expect(status).toBe(200)
    const link = linkIn(await waitForMail(account.email, RESET_SUBJECT), "type=recovery")
    await page.goto(link)
    await expect(page.getByText("Choose a new password")).toBeVisible()

    const second = await page.context().browser()!.newContext()
    const again = await second.newPage()
    await again.goto(link)
    await expect(again).toHaveURL(/\/reset-password$/)
    await expect(again.getByText("Reset link expired")).toBeVisible()
    await expect(
      again.getByText("This password reset link is invalid, has expired or was already used."),
    ).toBeVisible()
    await checkScreenInBothThemes(again, testInfo, "expired")
    await expectFitsWidth(again)
    await again.getByRole("link", { name: "Send a new link" }).click()
    await expect(again).toHaveURL(/\/forgot-password$/)
    await second.close()
  })

  test("an unknown email gets the same answer and no email", async ({ page }) => {
    const email = uniqueEmail("nobody")
    await page.goto("/forgot-password")
    await page.getByRole("button", { name: "Send reset link" }).click()
    await expect(page.getByText("Email is required")).toBeVisible()
    await page.getByLabel("Email").fill("not-an-email")
    await page.getByRole("button", { name: "Send reset link" }).click()
    await expect(page.getByText("Enter a valid email address")).toBeVisible()

    await page.getByLabel("Email").fill(email)
    await page.getByRole("button", { name: "Send reset link" }).click()
    await expect(
      page.getByText(`If an account exists for ${email}, a reset link is on its way.`),
    ).toBeVisible()
    await expect(waitForMail(email, RESET_SUBJECT, 1_500)).rejects.toThrow(/No email/)
  })

  test("opening /reset-password without a link offers to send one", async ({ page }) => {
    await page.goto("/reset-password")
    await expect(page.getByText("Reset link expired")).toBeVisible()
    await expect(page.getByRole("link", { name: "Send a new link" })).toBeVisible()
  })

  test("an account with two-factor gives its code before choosing the new password", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    const account = await createConfirmedAccount("reset-2fa")
    const factor = await enableTwoFactorViaApi(account)
    await page.goto("/forgot-password")
    await page.getByLabel("Email").fill(account.email)
    await page.getByRole("button", { name: "Send reset link" }).click()
    const link = linkIn(await waitForMail(account.email, RESET_SUBJECT), "type=recovery")
    await page.goto(link)

    await expect(page.getByLabel("Authentication code")).toBeVisible()
    await expect(page.getByLabel("New Password")).toHaveCount(0)
    await checkScreen(page, testInfo, "code-first")
    const { code } = await totpCode(factor.secret, { after: factor.step })
    await page.getByLabel("Authentication code").fill(code)
    await page.getByRole("button", { name: "Continue" }).click()

    await page.getByLabel("New Password").fill("after-2fa-pass")
    await page.getByLabel("Confirm Password").fill("after-2fa-pass")
    await page.getByRole("button", { name: "Set Password" }).click()
    await expectToast(page, "Password updated")
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    expect(await passwordWorks(account.email, "after-2fa-pass")).toBe(true)
  })
})
