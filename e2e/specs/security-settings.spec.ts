import { expect, type Page, test } from "@playwright/test"

import { signIn } from "../support/accounts"
import { expectFitsWidth, expectToast } from "../support/screens"
import { callServer } from "../support/server"
import { checkScreenInBothThemes, signedInAccount } from "../support/workspace"

/** Whether the password grant accepts `password` for `email`. */
async function passwordWorks(email: string, password: string) {
  const { status } = await callServer("/auth/v1/token?grant_type=password", {
    method: "POST",
    body: { email, password },
  })
  return status === 200
}

/** The refresh token supabase-js keeps for this browser's session. */
async function storedRefreshToken(page: Page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k))
    return (JSON.parse(localStorage.getItem(key!)!) as { refresh_token: string }).refresh_token
  })
}

async function refreshStatus(refreshToken: string) {
  const { status } = await callServer("/auth/v1/token?grant_type=refresh_token", {
    method: "POST",
    body: { refresh_token: refreshToken },
  })
  return status
}

test.describe("security settings", () => {
  test.setTimeout(120_000)

  test("changes the password only with the right current one and a different new one", async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, "change-password")
    await page.getByRole("link", { name: "Settings" }).click()
    await page.getByRole("tab", { name: "Security" }).click()
    await expect(page).toHaveURL(/\/settings\?tab=security$/)
    await expect(page.getByText("Two-factor authentication is off.")).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "security")
    await expectFitsWidth(page)

    const current = page.getByLabel("Current Password")
    const next = page.getByLabel("New Password")
    const confirmation = page.getByLabel("Confirm Password")
    const change = page.getByRole("button", { name: "Change Password" })
    await change.click()
    await expect(page.getByText("Current password is required")).toBeVisible()
    await expect(page.getByText("Password must be at least 6 characters long.")).toBeVisible()

    await current.fill("not-my-password")
    await next.fill("fresh-secret-31")
    await confirmation.fill("fresh-secret-32")
    await change.click()
    await expect(page.getByText("Passwords do not match. Please try again.")).toBeVisible()

    await confirmation.fill("fresh-secret-31")
    await change.click()
    await expectToast(
      page,
      "Current password is incorrect",
      "The current password you entered is not correct. Please try again.",
    )

    await current.fill(account.password)
    await next.fill(account.password)
    await confirmation.fill(account.password)
    await change.click()
    await expectToast(
      page,
      "Error changing password",
      "New password should be different from the old password.",
    )

    await next.fill("fresh-secret-31")
    await confirmation.fill("fresh-secret-31")
    await change.click()
    await expectToast(page, "Password changed")
    await expect(current).toHaveValue("")
    expect(await passwordWorks(account.email, account.password)).toBe(false)
    expect(await passwordWorks(account.email, "fresh-secret-31")).toBe(true)

    // This browser stays signed in.
    await page.reload()
    await expect(page.getByRole("tab", { name: "Security" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
  })

  test("signs out the other devices and keeps this one", async ({ page, browser }) => {
    const account = await signedInAccount(page, "other-devices")
    const laptop = await browser.newContext()
    const other = await laptop.newPage()
    await signIn(other, account)
    const otherRefresh = await storedRefreshToken(other)

    await page.goto("/settings?tab=security")
    await page.getByRole("button", { name: "Sign out of other devices" }).click()
    await expectToast(
      page,
      "Signed out of other devices",
      "Every other browser and device must sign in again. You stay signed in here.",
    )

    // The other browser's session is over: its refresh token is refused.
    expect(await refreshStatus(otherRefresh)).toBe(400)
    await laptop.close()

    // This one goes on: a reload keeps the dashboard and its own refresh still works.
    await page.reload()
    await expect(page.getByRole("tab", { name: "Security" })).toBeVisible()
    expect(await refreshStatus(await storedRefreshToken(page))).toBe(200)
  })
})
