import { expect, test } from "@playwright/test"

import { openCheckout } from "../support/checkout"
import { expectToast } from "../support/screens"
import { checkScreenInBothThemes, signedInAccount, storedCredits } from "../support/workspace"

test.describe("buy credits", () => {
  test.setTimeout(120_000)

  test("buys a package through the checkout in a new tab; reloading the success address credits nothing more", async ({
    page,
    context,
  }, testInfo) => {
    const account = await signedInAccount(page, "credits-package")
    await page.getByRole("link", { name: "Buy Credits" }).click()
    await expect(page.getByRole("heading", { name: "Buy Credits", level: 1 })).toBeVisible()
    await expect(page.getByTestId("credits-page-balance")).toHaveText("0 Credits")
    for (const [credits, price, description] of [
      ["20,000", "$20", "Perfect for getting started"],
      ["100,000", "$100", "Most popular choice"],
      ["300,000", "$300", "Maximum value package"],
    ] as const) {
      const card = page.getByTestId(`package-${credits.replace(/,/g, "")}`)
      await expect(card).toContainText(`${credits} Credits`)
      await expect(card).toContainText(price)
      await expect(card).toContainText(description)
    }
    await expect(page.getByTestId("package-100000")).toContainText("Most Popular")
    await checkScreenInBothThemes(page, testInfo, "packages")

    const checkout = await openCheckout(page, context, "Purchase 20,000 credits for $20")
    await checkout.getByRole("button", { name: "Pay $20.00" }).click()

    // The checkout returns to /credits in its tab, which verifies the payment.
    await expectToast(checkout, "Payment Successful!", "20,000 credits added to your account.")
    await expect(checkout).toHaveURL(/\/credits$/)
    await expect(checkout.getByTestId("credit-balance")).toHaveText("20,000 credits")
    await expect(checkout.getByTestId("credits-page-balance")).toHaveText("20,000 Credits")
    expect(await storedCredits(account.userId)).toBe(20_000)

    // The first tab reads the balance again when it is shown.
    await page.bringToFront()
    await page.reload()
    await expect(page.getByTestId("credits-page-balance")).toHaveText("20,000 Credits")
  })

  test("a reload of the success address never credits twice", async ({ page, context }) => {
    const account = await signedInAccount(page, "credits-reload")
    await page.goto("/credits")
    const checkout = await openCheckout(page, context, "Purchase 100,000 credits for $100")
    const [response] = await Promise.all([
      checkout.waitForResponse((r) => r.url().includes("/pay")),
      checkout.getByRole("button", { name: "Pay $100.00" }).click(),
    ])
    const successUrl = response.headers().location as string
    expect(successUrl).toMatch(/\/credits\?success=true&session_id=/)
    await expectToast(checkout, "Payment Successful!", "100,000 credits added to your account.")
    await expect(checkout.getByTestId("credit-balance")).toHaveText("100,000 credits")

    await checkout.goto(successUrl)
    await expect(checkout).toHaveURL(/\/credits$/)
    await expect(checkout.getByTestId("credit-balance")).toHaveText("100,000 credits")
    expect(await storedCredits(account.userId)).toBe(100_000)
  })

  test("buys a custom amount with a live credit preview and refuses less than $1", async ({
    page,
    context,
  }, testInfo) => {
    const account = await signedInAccount(page, "credits-custom")
    await page.goto("/credits")
    const amount = page.getByLabel("Amount (USD)")
    await expect(amount).toHaveAttribute("min", "1")
    await expect(amount).toHaveAttribute("step", "0.01")

    await amount.fill("0.5")
    await expect(page.getByText("You'll get 500 credits")).toBeVisible()
    await page.getByRole("button", { name: "Purchase Custom Amount" }).click()
    await expectToast(page, "Invalid Amount", "Please enter a valid amount (minimum $1)")
    await checkScreenInBothThemes(page, testInfo, "invalid-amount")

    await amount.fill("12.5")
    await expect(page.getByText("You'll get 12,500 credits")).toBeVisible()
    const checkout = await openCheckout(page, context, "Purchase Custom Amount")
    await checkout.getByRole("button", { name: "Pay $12.50" }).click()
    await expectToast(checkout, "Payment Successful!", "12,500 credits added to your account.")
    await expect(checkout.getByTestId("credit-balance")).toHaveText("12,500 credits")
    expect(await storedCredits(account.userId)).toBe(12_500)
  })

  test("a canceled checkout says so and adds nothing", async ({ page, context }) => {
    const account = await signedInAccount(page, "credits-cancel")
    await page.goto("/credits")
    const checkout = await openCheckout(page, context, "Purchase 300,000 credits for $300")
    await checkout.getByRole("button", { name: "Cancel" }).click()
    await expectToast(
      checkout,
      "Payment Canceled",
      "Your payment was canceled. No charges were made.",
    )
    await expect(checkout).toHaveURL(/\/credits$/)
    await expect(checkout.getByTestId("credits-page-balance")).toHaveText("0 Credits")
    expect(await storedCredits(account.userId)).toBe(0)
  })

  test("a failed verification is reported", async ({ page }) => {
    await signedInAccount(page, "credits-verify-fail")
    await page.goto("/credits?success=true&session_id=cs_unknown")
    await expectToast(page, "Payment Verification Failed", "Payment session not found")
    await expect(page).toHaveURL(/\/credits$/)
  })
})
