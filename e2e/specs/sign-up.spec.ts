import { expect, test } from "@playwright/test"

import { createConfirmedAccount, newAccount } from "../support/accounts"
import { waitForMail } from "../support/mailbox"
import { checkScreen, expectToast } from "../support/screens"

test.describe("sign-up", () => {
  test("creating an account confirms it by toast, clears the fields and sends the email", async ({
    page,
  }, testInfo) => {
    const account = newAccount("signup")
    await page.goto("/signup")
    await expect(page.getByText("Create Account", { exact: true }).first()).toBeVisible()
    await checkScreen(page, testInfo, "empty-form")

    await page.getByLabel("Email").fill(account.email)
    await page.getByLabel("Company Name").fill(account.companyName)
    await page.getByLabel("Password").fill(account.password)
    await page.getByRole("button", { name: "Create Account" }).click()

    await expectToast(
      page,
      "Account created successfully!",
      "Please check your email to verify your account before signing in.",
    )
    // The form gives way to where the link went; going back shows it cleared.
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible()
    await expect(page.getByText(account.email)).toBeVisible()
    await checkScreen(page, testInfo, "created")
    await page.getByRole("button", { name: "Use a different email" }).click()
    await expect(page.getByLabel("Email")).toHaveValue("")
    await expect(page.getByLabel("Company Name")).toHaveValue("")
    await expect(page.getByLabel("Password")).toHaveValue("")

    const mail = await waitForMail(account.email)
    expect(mail.text).toContain("/email-confirmed?token_hash=")
  })

  test("signing up with an email that is already registered says so", async ({
    page,
  }, testInfo) => {
    const existing = await createConfirmedAccount("signup-twice")
    await page.goto("/signup")
    await page.getByLabel("Email").fill(existing.email)
    await page.getByLabel("Company Name").fill("Someone Else")
    await page.getByLabel("Password").fill("another-password-1")
    await page.getByRole("button", { name: "Create Account" }).click()

    await expectToast(
      page,
      "Error creating account",
      "Email already registered. Please log in instead.",
    )
    await checkScreen(page, testInfo, "already-registered")
  })

  test("a short password is refused beside the field, by the rule shown under it", async ({
    page,
  }, testInfo) => {
    const account = newAccount("weak")
    await page.goto("/signup")
    await page.getByLabel("Email").fill(account.email)
    await page.getByLabel("Company Name").fill(account.companyName)
    await page.getByLabel("Password").fill("abc")
    await page.getByRole("button", { name: "Create Account" }).click()

    await expect(page.getByText("Password must be at least 6 characters long.")).toBeVisible()
    await expect(page.getByText(/Strength: Too short/)).toBeVisible()
    await expect(page.getByLabel("Email")).toHaveValue(account.email)
    await checkScreen(page, testInfo, "weak-password")
  })

  test("every field is required and the sign-in link leads to /auth", async ({ page }) => {
    await page.goto("/signup")
    await page.getByRole("button", { name: "Create Account" }).click()
    await expect(page.getByText("Email is required")).toBeVisible()
    await expect(page.getByText("Company name is required")).toBeVisible()
    await expect(page.getByText("Password is required")).toBeVisible()

    await page.getByRole("link", { name: "Sign in" }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByText("Admin Platform")).toBeVisible()
  })
})
