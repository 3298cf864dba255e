import { readFile } from "node:fs/promises"

import { expect, test } from "@playwright/test"

import { openCheckout } from "../support/checkout"
import { linkIn, waitForMail } from "../support/mailbox"
import { checkNarrow, expectToast } from "../support/screens"
import { checkScreenInBothThemes, signedInAccount } from "../support/workspace"

test.describe("billing history and receipts", () => {
  test.setTimeout(150_000)

  test("a purchase appears in Billing history with a receipt that prints, downloads as PDF and is emailed", async ({
    page,
    context,
  }, testInfo) => {
    const account = await signedInAccount(page, "billing-history")
    await page.goto("/credits")
    const history = page.getByRole("table", { name: "Billing history" })
    await expect(page.getByText("No purchases yet")).toBeVisible()

    // One purchase left unpaid, one paid.
    const abandoned = await openCheckout(page, context, "Purchase 300,000 credits for $300")
    await abandoned.close()
    const checkout = await openCheckout(page, context, "Purchase 20,000 credits for $20")
    await checkout.getByRole("button", { name: "Pay $20.00" }).click()
    await expectToast(checkout, "Payment Successful!", "20,000 credits added to your account.")
    await checkout.close()

    await page.reload()
    await expect(history.getByRole("row")).toHaveCount(3)
    const paidRow = history.getByRole("row").nth(1)
    await expect(paidRow).toContainText("20,000")
    await expect(paidRow).toContainText("$20.00")
    await expect(paidRow).toContainText("Paid")
    await expect(history.getByRole("row").nth(2)).toContainText("$300.00")
    await expect(history.getByRole("row").nth(2)).toContainText("Pending")
    const receiptLink = paidRow.getByRole("link", { name: /^Receipt NTV-\d{4}-\d{6}$/ })
    const receiptNumber = (await receiptLink.textContent())!.trim()
    await history.scrollIntoViewIfNeeded()
    await checkScreenInBothThemes(page, testInfo, "history")
    await checkNarrow(page, testInfo, "history")

    await receiptLink.click()
    await expect(page).toHaveURL(/\/credits\/receipts\/[0-9a-f-]{36}$/)
    const receiptUrl = page.url()
    await expect(page.getByRole("heading", { name: `Receipt ${receiptNumber}` })).toBeVisible()
    await expect(page.getByTestId("receipt-total")).toHaveText("$20.00")
    await expect(page.getByText("20,000 Nativ credits")).toBeVisible()
    await expect(page.getByText(account.email)).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "receipt")
    await checkNarrow(page, testInfo, "receipt")

    // Printed, the receipt stands alone: no sidebar, header or buttons.
    await page.emulateMedia({ media: "print" })
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden()
    await expect(page.getByText("Nativ - Admin Dashboard")).toBeHidden()
    await expect(page.getByRole("link", { name: "Dashboard" })).toBeHidden()
    await expect(page.getByRole("heading", { name: `Receipt ${receiptNumber}` })).toBeVisible()
    await page.emulateMedia({ media: "screen" })

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download PDF" }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`nativ-receipt-${receiptNumber}.pdf`)
    const pdf = await readFile((await download.path())!)
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    expect(pdf.toString("latin1")).toContain(`(Receipt ${receiptNumber})`)

    const mail = await waitForMail(account.email, /^Your Nativ receipt/)
    expect(mail.subject).toBe(`Your Nativ receipt ${receiptNumber}`)
    expect(mail.text).toContain("Amount paid: $20.00")
    expect(mail.text).toContain("Credits: 20,000 credits")
    const link = linkIn(mail, "/credits/receipts/")
    expect(new URL(link).pathname).toBe(new URL(receiptUrl).pathname)
    await page.goto(new URL(link).pathname)
    await expect(page.getByRole("heading", { name: `Receipt ${receiptNumber}` })).toBeVisible()
  })
})
