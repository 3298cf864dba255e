import { expect, test } from "@playwright/test"

import { createConfirmedAccount, newAccount, signUpViaApi } from "../support/accounts"
import { checkScreen, expectToast } from "../support/screens"

test.describe("sign-in", () => {
  test("a confirmed account signs in with a success toast and lands on the dashboard", async ({
    page,
  }, testInfo) => {
    const account = await createConfirmedAccount("signin")
    await page.goto("/auth")
    await expect(page.getByText("Admin Platform")).toBeVisible()
    await checkScreen(page, testInfo, "form", { audit: ["desktop", "mobile"] })

    await page.getByLabel("Email").fill(account.email)
    await page.getByLabel("Password").fill(account.password)
    await page.getByRole("button", { name: "Sign In" }).click()
    await expectToast(page, "Success!", "You have successfully signed in.")
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    await checkScreen(page, testInfo, "dashboard", { audit: ["desktop", "mobile"] })
  })

  test("a wrong password is refused with 'Error signing in'", async ({ page }, testInfo) => {
    const account = await createConfirmedAccount("signin-wrong")
    await page.goto("/auth")
    await page.getByLabel("Email").fill(account.email)
    await page.getByLabel("Password").fill("not-the-password")
    await page.getByRole("button", { name: "Sign In" }).click()
    await expectToast(page, "Error signing in", "Invalid login credentials")
    await expect(page).toHaveURL(/\/auth$/)
    await checkScreen(page, testInfo, "wrong-password")
  })

  test("an unconfirmed account cannot sign in yet", async ({ page }) => {
    const account = newAccount("signin-unconfirmed")
    await signUpViaApi(account)
    await page.goto("/auth")
    await page.getByLabel("Email").fill(account.email)
    await page.getByLabel("Password").fill(account.password)
    await page.getByRole("button", { name: "Sign In" }).click()
    await expectToast(page, "Error signing in", "Email not confirmed")
  })

  test("email and password are required and the sign-up link leads to /signup", async ({
    page,
  }) => {
    await page.goto("/auth")
    await page.getByRole("button", { name: "Sign In" }).click()
    await expect(page.getByText("Email is required")).toBeVisible()
    await expect(page.getByText("Password is required")).toBeVisible()
    await page.getByRole("link", { name: "Sign up" }).click()
    await expect(page).toHaveURL(/\/signup$/)
  })

  test("the button reads 'Signing in...' while the request runs", async ({ page }) => {
    const account = await createConfirmedAccount("signin-busy")
    await page.route("**/auth/v1/token**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700))
      await route.continue()
    })
    await page.goto("/auth")
    await page.getByLabel("Email").fill(account.email)
    await page.getByLabel("Password").fill(account.password)
    await page.getByRole("button", { name: "Sign In" }).click()
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled()
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
  })
})
