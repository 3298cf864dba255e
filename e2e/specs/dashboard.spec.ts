import { expect, type Page, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { expectToast } from "../support/screens"
import { settledScreen } from "../support/seed"
import { failRequests } from "../support/network"
import {
  countOperations,
  dayIn,
  demoOperations,
  noonTimeZone,
  seedOperations,
  startOfTodayIn,
} from "../support/seed"

// It is around noon in the browser's zone, so the last hours' operations are all "today".
const timeZone = noonTimeZone()
test.use({ timezoneId: timeZone })

const recentList = (page: Page) => page.getByRole("list", { name: "Recent operations" })

test.describe("dashboard", () => {
  test("a new account sees its empty activity and zero operations today", async ({
    page,
  }, testInfo) => {
    await signIn(page, await createConfirmedAccount("dash-empty"))
    await expect(page.getByText("Overview of Nativ plugin activity and performance.")).toBeVisible()
    await expect(page.getByText("No recent operations found")).toBeVisible()
    await expect(page.getByTestId("operations-today-count")).toHaveText("0")
    await expect(page.getByTestId("operations-today-files")).toHaveText("0 files processed")
    await settledScreen(page, testInfo, "empty")
  })

  test("shows 'Loading operations...' until the latest operations arrive", async ({ page }) => {
    const account = await createConfirmedAccount("dash-loading")
    await seedOperations(account.userId, demoOperations(3))
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route("**/rest/v1/operations?**", async (route) => {
      await held
      await route.continue()
    })
    await page.goto("/auth")
    await page.getByLabel("Email").fill(account.email)
    await page.getByLabel("Password").fill(account.password)
    await page.getByRole("button", { name: "Sign In" }).click()
    await expect(page.getByText("Loading operations...")).toBeVisible()
    release()
    await expect(page.getByText("Loading operations...")).toBeHidden()
    await expect(recentList(page).getByRole("listitem")).toHaveCount(3)
  })

  test("a busy account sees today's figures as SQL counts them and its 10 latest operations", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000)
    const account = await createConfirmedAccount("dash-data")
    const now = new Date()
    // 137 operations, one every 5 minutes, all today: more than the 50 rows the spec's client reads.
    const seeded = await seedOperations(account.userId, demoOperations(137, now, 5))
    const midnight = startOfTodayIn(timeZone, now).toISOString()
    const todayRows = seeded.filter((op) => dayIn(timeZone, op.created_at) === dayIn(timeZone, now))
    const expectedFiles = new Set(todayRows.map((op) => op.file_id)).size
    // The direct count agrees with the rows we wrote, and both are above the spec's 50.
    expect(await countOperations(account.userId, [`created_at=gte.${midnight}`])).toBe(
      todayRows.length,
    )
    expect(todayRows.length).toBeGreaterThan(50)

    await page.emulateMedia({ colorScheme: "light" })
    await signIn(page, account)
    await expect(page.getByTestId("operations-today-count")).toHaveText(String(todayRows.length))
    await expect(page.getByTestId("operations-today-files")).toHaveText(
      `${expectedFiles} files processed`,
    )

    const items = recentList(page).getByRole("listitem")
    await expect(items).toHaveCount(10)
    // Newest first: row i is 5·i + 1 minutes old.
    await expect(items.nth(0)).toContainText("Culturalize text") // stored as culturalize_text
    await expect(items.nth(0)).toContainText("French")
    await expect(items.nth(0)).toContainText("figma")
    await expect(items.nth(0)).toContainText(/(1 mins|\d+ seconds) ago/)
    await expect(items.nth(9)).toContainText(/4\d mins ago/)
    await expect(items.nth(8)).toContainText("Dutch")
    await expect(items.nth(9)).toHaveText(/^Culturalize textfigma4\d mins ago$/) // no language badge
    await settledScreen(page, testInfo, "data-light")

    await page.emulateMedia({ colorScheme: "dark" })
    await expect(page.locator("html")).toHaveClass(/dark/)
    await settledScreen(page, testInfo, "data-dark")

    // The whole card follows the link.
    await page.getByText("Operations Today").click({ force: true })
    await expect(page).toHaveURL(/\/analytics$/)
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible()
  })

  test("failed reads show the catalogue's toasts and an error with Retry, not the empty state", async ({
    page,
  }) => {
    const account = await createConfirmedAccount("dash-errors")
    await failRequests(page, "**/rest/v1/operations?**", "operations are unavailable")
    await failRequests(page, "**/rest/v1/rpc/operations_today", "today is unavailable")
    await signIn(page, account)
    await expectToast(page, "Error fetching operations", "operations are unavailable")
    await expectToast(page, "Failed to fetch dashboard data", "today is unavailable")
    // A failed read is not an empty list: the error, with Retry.
    const recent = page
      .getByRole("alert")
      .filter({ hasText: "The recent operations could not be loaded." })
    await expect(recent.getByRole("button", { name: "Retry" })).toBeVisible()
    await expect(page.getByText("No recent operations found")).toHaveCount(0)
  })
})
