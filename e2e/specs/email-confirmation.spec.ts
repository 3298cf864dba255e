import { expect, test } from "@playwright/test"

import { confirmationLink, newAccount, signIn } from "../support/accounts"
import { checkScreen, expectToast } from "../support/screens"

test.describe("email confirmation", () => {
  test("the emailed link confirms the account, toasts and opens the dashboard", async ({
    page,
  }, testInfo) => {
    const account = newAccount("confirm")
    await page.goto("/signup")
    await page.getByLabel("Email").fill(account.email)
    await page.getByLabel("Company Name").fill(account.companyName)
    await page.getByLabel("Password").fill(account.password)
    await page.getByRole("button", { name: "Create Account" }).click()
    await expectToast(page, "Account created successfully!")

    const link = await confirmationLink(account.email)
    expect(link).toMatch(
      /\/email-confirmed\?.*token_hash=.*type=email|\/email-confirmed\?.*type=email.*token_hash=/,
    )
    await page.goto(link)

    await expectToast(
      page,
      "Account Confirmed!",
      "Your email has been successfully verified. Welcome to Nativ!",
    )
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    expect(page.url()).not.toContain("token_hash")
    await checkScreen(page, testInfo, "confirmed-dashboard")
  })

  test("without a session the page offers 'Sign In to Dashboard', which leads to sign-in", async ({
    page,
  }, testInfo) => {
    const account = newAccount("confirm-later")
    await page.goto("/signup")
    await page.getByLabel("Email").fill(account.email)
    await page.getByLabel("Company Name").fill(account.companyName)
    await page.getByLabel("Password").fill(account.password)
    await page.getByRole("button", { name: "Create Account" }).click()
    await expectToast(page, "Account created successfully!")

    // Confirm in one browser context, then come back to the landing page signed out in this one.
    const other = await page.context().browser()!.newContext()
    const confirmPage = await other.newPage()
    await confirmPage.goto(await confirmationLink(account.email))
    await expect(confirmPage.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    await other.close()

    await page.goto("/email-confirmed")
    await expect(page.getByText("Email Confirmed!")).toBeVisible()
    await checkScreen(page, testInfo, "landing")
    await page.getByRole("link", { name: "Sign In to Dashboard" }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await signIn(page, account)
  })

  test("an invalid confirmation link is reported and nobody is signed in", async ({ page }) => {
    await page.goto("/email-confirmed?token_hash=not-a-real-token&type=email")
    await expectToast(page, "Error")
    await expect(page.getByText("Email Not Confirmed")).toBeVisible()
    expect(page.url()).not.toContain("token_hash")
    await page.goto("/")
    await expect(page).toHaveURL(/\/auth$/)
  })
})
