import { expect, type Page, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { checkNarrow } from "../support/screens"
import { demoOperations, noonTimeZone, type SeededOperation, seedOperations } from "../support/seed"

const timeZone = noonTimeZone()
test.use({ timezoneId: timeZone })

const DAY_MS = 86_400_000
const sum = (operations: SeededOperation[]) => operations.reduce((n, op) => n + op.cost, 0)
const format = (n: number) => n.toLocaleString("en-US")

/** Twenty Korean operations from the photoshop plugin, 50 to 51 days ago: outside 7 and 30 days. */
function olderOperations(now = new Date()): SeededOperation[] {
  return Array.from({ length: 20 }, (_, i) => ({
    action: "translate_layers",
    file_id: `old-${i}`,
    language: "Korean",
    tool: "photoshop",
    cost: 5,
    created_at: new Date(now.getTime() - 50 * DAY_MS - i * 3_600_000).toISOString(),
  }))
}

const legend = (page: Page) => page.getByRole("list", { name: "Languages" })
const barChart = (page: Page) => page.getByRole("img", { name: /^Operations over time:/ })

async function chooseRange(page: Page, label: string) {
  await page.getByRole("combobox", { name: "Date range" }).click()
  await page.getByRole("option", { name: label, exact: true }).click()
}

test.describe("analytics date range and credits used", () => {
  test("the range changes both charts and the credits, survives a reload, and breaks down by tool", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    const account = await createConfirmedAccount("an-range")
    // 30 recent operations, one an hour: all inside the last 7 days.
    const recent = await seedOperations(account.userId, demoOperations(30, new Date(), 60))
    const older = await seedOperations(account.userId, olderOperations())
    const recentWithLanguage = recent.filter((op) => op.language).length

    await signIn(page, account)
    await page.goto("/analytics")
    await expect(page.getByRole("combobox", { name: "Date range" })).toHaveText("All time")
    await expect(legend(page)).toContainText("Korean")
    await expect(page.getByTestId("credits-used-total")).toHaveText(
      format(sum(recent) + sum(older)),
    )
    await expect(page.getByTestId("operations-total")).toHaveText("50")

    await chooseRange(page, "Last 7 days")
    await expect(page).toHaveURL(/[?&]range=7d/)
    await expect(page.getByTestId("credits-used-total")).toHaveText(format(sum(recent)))
    await expect(page.getByTestId("operations-total")).toHaveText("30")
    await expect(legend(page)).not.toContainText("Korean")
    await expect(barChart(page)).toHaveAttribute(
      "aria-label",
      new RegExp(`^Operations over time: (${recentWithLanguage}|30) operations on [12] days$`),
    )

    await page.reload()
    await expect(page.getByRole("combobox", { name: "Date range" })).toHaveText("Last 7 days")
    await expect(page.getByTestId("credits-used-total")).toHaveText(format(sum(recent)))
    await expect(legend(page)).not.toContainText("Korean")

    await page.getByRole("combobox", { name: "Break down by" }).click()
    await page.getByRole("option", { name: "Tool", exact: true }).click()
    await expect(page).toHaveURL(/[?&]by=tool/)
    const byTool = page.getByRole("list", { name: "Credits by tool" })
    for (const tool of new Set(recent.map((op) => op.tool))) {
      const credits = sum(recent.filter((op) => op.tool === tool))
      await expect(byTool.getByRole("listitem").filter({ hasText: tool })).toContainText(
        `${format(credits)} credits`,
      )
    }

    await chooseRange(page, "Last 90 days")
    await expect(page.getByTestId("operations-total")).toHaveText("50")
    await expect(byTool.getByRole("listitem").filter({ hasText: "photoshop" })).toContainText(
      `${format(sum(older) + sum(recent.filter((op) => op.tool === "photoshop")))} credits`,
    )
    await checkNarrow(page, testInfo, "analytics-range")
  })

  test("a custom range names what is wrong until it is valid", async ({ page }) => {
    const account = await createConfirmedAccount("an-custom")
    await seedOperations(account.userId, olderOperations())
    await signIn(page, account)
    await page.goto("/analytics")

    await chooseRange(page, "Custom")
    await expect(page).toHaveURL(/range=custom&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/)
    // The last 30 days: the older operations are outside.
    await expect(page.getByText("No analytics data available")).toBeVisible()
    await expect(page.getByText("No operations in this period")).toBeVisible()

    const to = page.getByLabel("To", { exact: true })
    const from = page.getByLabel("From", { exact: true })
    await from.fill("2030-01-02")
    await to.fill("2030-01-01")
    await expect(page.getByRole("alert")).toHaveText(
      "The start date must be on or before the end date.",
    )
    await expect(page.getByText("Choose a valid date range to see analytics.")).toBeVisible()

    const fiftyFiveDaysAgo = new Date(Date.now() - 55 * DAY_MS).toISOString().slice(0, 10)
    await from.fill(fiftyFiveDaysAgo)
    await to.fill(new Date(Date.now() - 45 * DAY_MS).toISOString().slice(0, 10))
    await expect(page.getByTestId("operations-total")).toHaveText("20")
    await expect(legend(page)).toContainText("Korean")
    await page.reload()
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(fiftyFiveDaysAgo)
    await expect(page.getByTestId("credits-used-total")).toHaveText("100")
  })
})
