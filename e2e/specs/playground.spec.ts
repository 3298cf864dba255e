import { expect, type Page, test } from "@playwright/test"

import { expectToast } from "../support/screens"
import {
  checkScreenInBothThemes,
  signedInAccount,
  storedCredits,
  storedRows,
} from "../support/workspace"

const csv = (text: string, name = "glossary.csv") => ({
  name,
  mimeType: name.endsWith(".csv") ? "text/csv" : "text/plain",
  buffer: Buffer.from(text),
})

async function chooseLanguage(page: Page, option: string) {
  await page.getByLabel("Target Language").click()
  await page.getByRole("option", { name: option }).click()
}

async function culturalize(page: Page, text: string, option = "French (FR)") {
  await page.getByLabel("Text to Culturalize").fill(text)
  await chooseLanguage(page, option)
  await page.getByRole("button", { name: "Culturalize", exact: true }).click()
  await expectToast(page, "Success!", "Text has been culturalized successfully")
}

type Feedback = {
  source: string
  result: string
  language: string
  approved: boolean | null
  feedback: string | null
}

test.describe("playground", () => {
  test.setTimeout(120_000)

  test("culturalizes with the offline engine and the glossary, charges the balance and records the operation", async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, "playground", {
      credits: 1000,
      languages: [["French", "FR"]],
    })
    await page.goto("/playground")
    await expect(
      page.getByText('Enter text and click "Culturalize" to see the result here.'),
    ).toBeVisible()
    await expect(page.getByLabel("Text to Culturalize")).toHaveAttribute("rows", "6")
    await expect(page.getByRole("button", { name: "Culturalize", exact: true })).toBeDisabled()
    await checkScreenInBothThemes(page, testInfo, "empty")

    await page
      .getByLabel("Glossary CSV")
      .setInputFiles(csv("source,target\nSpring Sale,Soldes de printemps\n"))
    await expectToast(page, "CSV uploaded", "glossary.csv has been selected for glossary")
    await expect(page.getByTestId("glossary-file")).toContainText("glossary.csv")
    await expect(page.getByText(/Its terms are sent with your text and used exactly/)).toBeVisible()

    const text = "Our Spring Sale starts on 03/15/2026: save $1,234.50 today!"
    await page.getByLabel("Text to Culturalize").fill(text)
    await chooseLanguage(page, "French (FR)")
    const button = page.getByRole("button", { name: "Culturalize", exact: true })
    await button.click()
    await expectToast(page, "Success!", "Text has been culturalized successfully")

    const result = page.getByTestId("culturalized-text")
    await expect(result).toContainText("Soldes de printemps")
    await expect(result).not.toContainText("Spring Sale")
    await expect(page.getByTestId("engine-note")).toBeVisible()

    const costText = await page.getByTestId("culturalize-cost").innerText()
    const [, cost, remaining] =
      /Cost: ([\d,]+) credits? · Remaining balance: ([\d,]+) credits/.exec(costText) ?? []
    expect(Number(cost)).toBeGreaterThan(0)
    expect(Number(remaining?.replace(/,/g, ""))).toBe(1000 - Number(cost))
    await expect(page.getByTestId("credit-balance")).toHaveText(`${remaining} credits`)
    expect(await storedCredits(account.userId)).toBe(1000 - Number(cost))
    await checkScreenInBothThemes(page, testInfo, "result")

    await page.getByRole("link", { name: "Operations" }).click()
    const row = page.getByRole("row").filter({ hasText: "Culturalize text" })
    await expect(row).toHaveCount(1)
    await expect(row).toContainText("French")
    await expect(row).toContainText("dashboard")
  })

  test("refuses missing text, a missing language, a non-CSV glossary and a short balance", async ({
    page,
  }) => {
    await signedInAccount(page, "playground-rules", { languages: [["German", "DE"]] })
    await page.goto("/playground")
    const button = page.getByRole("button", { name: "Culturalize", exact: true })
    await expect(page.getByLabel("Target Language")).toContainText("Select a language")

    await page.getByLabel("Text to Culturalize").fill("Hello there")
    await expect(button).toBeDisabled()
    await page.getByLabel("Text to Culturalize").press("Control+Enter")
    await expectToast(page, "Language required", "Please select a language")

    await page.getByLabel("Text to Culturalize").fill("   ")
    await chooseLanguage(page, "German (DE)")
    await expect(button).toBeEnabled()
    await button.click()
    await expectToast(page, "Text required", "Please enter some text to culturalize")

    await page.getByLabel("Glossary CSV").setInputFiles(csv("source,target", "terms.txt"))
    await expectToast(page, "Invalid file type", "Please upload a CSV file")
    await expect(page.getByTestId("glossary-file")).toHaveCount(0)

    // New accounts start with no credits: the server's own message is shown.
    await page.getByLabel("Text to Culturalize").fill("Hello there")
    await button.click()
    await expect(page.getByRole("button", { name: "Culturalizing..." })).toHaveCount(0)
    await expectToast(page, "Error culturalizing text", /Not enough credits/)
  })

  test("saves feedback as Good, as Poor after changing the rating, and as text only", async ({
    page,
  }) => {
    const account = await signedInAccount(page, "playground-feedback", {
      credits: 100,
      languages: [["French", "FR"]],
    })
    // At phone width the result card lands below the form and is brought into view.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto("/playground")
    await culturalize(page, "Thank you for your order.")
    await expect(page.getByTestId("culturalized-text")).toBeInViewport()
    await page.setViewportSize({ width: 1440, height: 900 })
    const result = await page.getByTestId("culturalized-text").innerText()
    await expect(page.getByText("How was this result?")).toBeVisible()
    await expect(page.getByLabel("Written feedback (optional)")).toHaveAttribute("rows", "3")

    await page.getByRole("button", { name: "Submit Feedback" }).click()
    await expectToast(
      page,
      "No feedback provided",
      "Please either like/dislike the result or provide written feedback",
    )

    await page.getByRole("radio", { name: "Good" }).click()
    await page.getByRole("button", { name: "Submit Feedback" }).click()
    await expectToast(
      page,
      "Feedback submitted",
      "Thank you for your feedback! It helps us improve.",
    )
    await expect(page.getByText("Feedback submitted successfully!")).toBeVisible()

    await page.getByRole("button", { name: "Submit More Feedback" }).click()
    await expect(page.getByRole("radio", { name: "Good" })).not.toBeChecked()
    await page.getByRole("radio", { name: "Good" }).click()
    await page.getByRole("radio", { name: "Poor" }).click()
    await expect(page.getByRole("radio", { name: "Poor" })).toBeChecked()
    await page.getByLabel("Written feedback (optional)").fill("Too formal")
    await page.getByRole("button", { name: "Submit Feedback" }).click()
    await expect(page.getByText("Feedback submitted successfully!")).toBeVisible()

    await page.getByRole("button", { name: "Submit More Feedback" }).click()
    await expect(page.getByLabel("Written feedback (optional)")).toHaveValue("")
    await page.getByLabel("Written feedback (optional)").fill("Keep the brand name")
    await page.getByRole("button", { name: "Submit Feedback" }).click()
    await expect(page.getByText("Feedback submitted successfully!")).toBeVisible()

    const rows = await storedRows<Feedback>("user_feedback", account.userId)
    const common = { source: "Thank you for your order.", result, language: "French" }
    expect(rows).toMatchObject([
      { ...common, approved: true, feedback: null },
      { ...common, approved: false, feedback: "Too formal" },
      { ...common, approved: null, feedback: "Keep the brand name" },
    ])
  })
})
