import { expect, type Page, test, type TestInfo } from "@playwright/test"

import { expectNoSeriousViolations, expectToast, saveScreenshot } from "../support/screens"
import { grantCredits, signedInAccount, storedCredits } from "../support/workspace"

async function run(page: Page, text: string) {
  await page.getByLabel("Text to Culturalize").fill(text)
  await page.getByRole("button", { name: "Culturalize", exact: true }).click()
}

/** The screen at 375 px in the dark theme: audited, then captured under e2e/screenshots/. */
async function phoneDark(page: Page, testInfo: TestInfo, name: string) {
  const original = page.viewportSize()
  await page.setViewportSize({ width: 375, height: 812 })
  await page.emulateMedia({ colorScheme: "dark" })
  await expect(page.locator("html")).toHaveClass(/dark/)
  // The failure's toast lies over the cards on a phone until it times out.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 })
  await page.getByRole("heading", { name: "Result", exact: true }).scrollIntoViewIfNeeded()
  await expectNoSeriousViolations(page, `${name} (375 px, dark)`)
  await saveScreenshot(page, testInfo, `playground-errors--${name}--375-dark.png`, {
    fullPage: true,
    animations: "disabled",
  })
  await page.emulateMedia({ colorScheme: "light" })
  if (original) await page.setViewportSize(original)
}

test.describe("playground errors", () => {
  test.setTimeout(120_000)

  test("a refused run shows in the Result panel, charges nothing and marks the previous result", async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, "playground-errors", {
      credits: 1000,
      languages: [["French", "FR"]],
    })
    await page.goto("/playground")
    await page.getByLabel("Target Language").click()
    await page.getByRole("option", { name: "French (FR)" }).click()

    await run(page, "Our Spring Sale starts on 03/15/2026.")
    await expectToast(page, "Success!", "Text has been culturalized successfully")
    const first = await page.getByTestId("culturalized-text").innerText()
    await expect(page.getByTestId("previous-result")).toHaveCount(0)

    // 402: the balance is gone.
    await grantCredits(account.userId, 0)
    await run(page, "Our Summer Sale starts on 06/21/2026.")
    const panel = page.getByRole("alert").filter({ hasText: "Not enough credits" })
    await expect(panel).toBeVisible()
    await expect(panel).toContainText("Nothing was charged.")
    await expect(panel.getByRole("link", { name: "Buy Credits" })).toHaveAttribute(
      "href",
      "/credits",
    )
    await expect(page.getByTestId("previous-result")).toBeVisible()
    await expect(page.getByRole("group", { name: "Previous result" })).toContainText(first)
    expect(await storedCredits(account.userId)).toBe(0)
    await phoneDark(page, testInfo, "402")

    // 422: the result cannot fit the chosen maximum.
    await grantCredits(account.userId, 1000)
    await page.getByRole("button", { name: "More options" }).click()
    await page.getByLabel("Max characters").fill("10")
    await run(page, "Our Autumn Sale starts on 09/23/2026.")
    const tooLong = page
      .getByRole("alert")
      .filter({ hasText: "The result does not fit Max characters" })
    await expect(tooLong).toBeVisible()
    await expect(tooLong).toContainText(/does not fit max_characters \(10\)\. Nothing was charged/)
    await expect(page.getByText("Not enough credits")).toHaveCount(0)
    await expect(page.getByRole("group", { name: "Previous result" })).toContainText(first)
    expect(await storedCredits(account.userId)).toBe(1000)
    await phoneDark(page, testInfo, "422")

    // The next run that succeeds replaces both the error and the mark.
    await page.getByLabel("Max characters").fill("")
    await run(page, "Our Winter Sale starts on 12/21/2026.")
    await expectToast(page, "Success!", "Text has been culturalized successfully")
    await expect(page.getByRole("alert").filter({ hasText: "Max characters" })).toHaveCount(0)
    await expect(page.getByTestId("previous-result")).toHaveCount(0)
    await expect(page.getByTestId("culturalized-text")).toContainText("21/12/2026")
  })
})
