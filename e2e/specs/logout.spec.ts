import { expect, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { checkScreen, expectToast } from "../support/screens"

test.describe("logout", () => {
  test("Log Out ends the session with a toast and the shell is closed afterwards", async ({
    page,
  }, testInfo) => {
    const account = await createConfirmedAccount("logout")
    await signIn(page, account)
    await page.getByRole("button", { name: "Log Out" }).click()
    await expectToast(page, "Logged out", "You have been successfully logged out")
    await expect(page).toHaveURL(/\/auth$/)
    await checkScreen(page, testInfo, "signed-out")

    await page.goto("/settings")
    await expect(page).toHaveURL(/\/auth$/)
  })

  test("Log Out without a stored session says 'No active session'", async ({ page }) => {
    const account = await createConfirmedAccount("logout-none")
    await signIn(page, account)
    await page.evaluate(() => localStorage.clear())
    await page.getByRole("button", { name: "Log Out" }).click()
    await expectToast(page, "No active session", "You are not currently logged in.")
  })
})
