import { expect, test } from "@playwright/test"

import { newAccount } from "../support/accounts"
import { linkIn } from "../support/mailbox"
import { expectFitsWidth, expectToast } from "../support/screens"
import { baseUrl } from "../support/server"
import { checkScreenInBothThemes } from "../support/workspace"

const CONFIRM = "Confirm your Nativ account"

/** The confirmation emails sent to `email`, newest first. */
async function confirmations(email: string) {
  const res = await fetch(`${baseUrl}/_mail/messages.json?to=${encodeURIComponent(email)}`)
  const all = (await res.json()) as {
    id: string
    to: string
    subject: string
    text: string
    html: string
  }[]
  return all.filter((m) => m.subject === CONFIRM)
}

async function expectConfirmations(email: string, count: number) {
  await expect.poll(async () => (await confirmations(email)).length).toBe(count)
}

test.describe("sign-up: check your inbox", () => {
  test("after Create Account the inbox state resends the link; an unconfirmed sign-in offers it too", async ({
    page,
  }, testInfo) => {
    const account = newAccount("inbox")
    await page.goto("/signup")
    await expect(page.getByText("At least 6 characters.", { exact: false })).toBeVisible()
    await page.getByLabel("Email").fill(account.email)
    await page.getByLabel("Company Name").fill(account.companyName)
    await page.getByLabel("Password").fill(account.password)
    await expect(page.getByText(/^Strength: /)).toBeVisible()
    await page.getByRole("button", { name: "Create Account" }).click()
    await expectToast(page, "Account created successfully!")

    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible()
    await expect(page.getByText(account.email)).toBeVisible()
    await expectConfirmations(account.email, 1)
    await checkScreenInBothThemes(page, testInfo, "inbox")
    await expectFitsWidth(page)

    await page.getByRole("button", { name: "Resend email" }).click()
    await expectToast(
      page,
      "Email sent",
      `We sent the confirmation link to ${account.email} again.`,
    )
    await expectConfirmations(account.email, 2)

    // Signing in before confirming: the error offers the email again.
    await page.getByRole("link", { name: "Back to sign in" }).click()
    await page.getByLabel("Email").fill(account.email)
    await page.getByLabel("Password").fill(account.password)
    await page.getByRole("button", { name: "Sign In" }).click()
    await expectToast(page, "Error signing in", "Email not confirmed")
    const resend = page.getByRole("button", { name: "Resend confirmation email" })
    await expect(resend).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "not-confirmed")
    await resend.click()
    await expectToast(page, "Email sent")
    await expectConfirmations(account.email, 3)

    // The newest link confirms the account and opens the dashboard.
    const [newest] = await confirmations(account.email)
    await page.goto(linkIn(newest!, "/email-confirmed"))
    await expectToast(page, "Account Confirmed!")
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
  })
})
