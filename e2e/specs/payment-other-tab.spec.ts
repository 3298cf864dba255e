import { expect, test } from "@playwright/test"

import { openCheckout } from "../support/checkout"
import { expectToast } from "../support/screens"
import { signedInAccount } from "../support/workspace"

test.describe("a purchase paid in the checkout tab", () => {
  test.setTimeout(120_000)

  test("refreshes the balance and Billing history of the tab that opened it, without a reload", async ({
    page,
    context,
  }) => {
    await signedInAccount(page, "payment-other-tab")
    await page.goto("/credits")
    const balance = page.getByTestId("credits-page-balance")
    await expect(balance).toHaveText("0 Credits")
    await expect(page.getByText("No purchases yet")).toBeVisible()

    const checkout = await openCheckout(page, context, "Purchase 20,000 credits for $20")
    const history = page.getByRole("table", { name: "Billing history" })
    await expect(history.getByRole("row").nth(1)).toContainText("Pending")
    await expect(history.getByRole("link", { name: "Continue payment" })).toHaveAttribute(
      "href",
      checkout.url(),
    )
    // Nothing may reach page A but the checkout tab's message: no reload, no focus or visibility.
    let reloaded = false
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) reloaded = true
    })

    await checkout.getByRole("button", { name: "Pay $20.00" }).click()
    await expectToast(checkout, "Payment Successful!", "20,000 credits added to your account.")

    await expect(balance).toHaveText("20,000 Credits")
    const row = history.getByRole("row").nth(1)
    await expect(row).toContainText("Paid")
    await expect(row).toContainText("$20.00")
    await expect(history.getByRole("row")).toHaveCount(2)
    await expect(history.getByRole("link", { name: "Continue payment" })).toBeHidden()
    expect(reloaded).toBe(false)
    await checkout.close()
  })
})
