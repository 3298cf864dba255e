import { expect, type Page, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { expectToast } from "../support/screens"
import { settledScreen } from "../support/seed"
import { countOperations, demoOperations, readOperations, seedOperations } from "../support/seed"
import { failRequests } from "../support/network"

const pagination = (page: Page) => page.getByRole("navigation", { name: "pagination" })

/** The numbered page buttons currently shown. */
async function pageButtons(page: Page) {
  return pagination(page)
    .getByRole("button", { name: /^Page \d+$/ })
    .allTextContents()
}

async function expectPage(page: Page, number: number, showing: string, window: number[]) {
  await expect(page.getByText(showing)).toBeVisible()
  await expect(page.getByText(`Page ${number} of 14`)).toBeVisible()
  await expect(pagination(page).getByRole("button", { name: `Page ${number}` })).toHaveAttribute(
    "aria-current",
    "page",
  )
  expect(await pageButtons(page)).toEqual(window.map(String))
}

/** The label the table shows for each action the seed stores (the stored value is the tooltip). */
const LABELS: Record<string, string> = {
  culturalize_text: "Culturalize text",
  localize_visual: "Localize visual",
  translate_layers: "Translate layers",
}

const rows = (page: Page) => page.getByRole("table", { name: "Operations" }).locator("tbody tr")

test.describe("operations", () => {
  test("a new account sees 'No operations found' and no pagination", async ({ page }, testInfo) => {
    await signIn(page, await createConfirmedAccount("ops-empty"))
    await page.getByRole("link", { name: "Operations", exact: true }).click()
    await expect(page.getByRole("heading", { name: "Operations", level: 1 })).toBeVisible()
    await expect(page.getByText("No operations found")).toBeVisible()
    await expect(pagination(page)).toHaveCount(0)
    await settledScreen(page, testInfo, "empty")
  })

  test("shows 'Loading operations...' while the count and page load", async ({ page }) => {
    const account = await createConfirmedAccount("ops-loading")
    await seedOperations(account.userId, demoOperations(4))
    await signIn(page, account)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route("**/rest/v1/operations?**", async (route) => {
      await held
      await route.continue()
    })
    await page.goto("/operations")
    await expect(page.getByText("Loading operations...")).toBeVisible()
    release()
    await expect(page.getByText("Showing 1-4 of 4 operations")).toBeVisible()
    await expect(rows(page)).toHaveCount(4)
    await expect(pagination(page)).toHaveCount(0) // one page only
  })

  test("137 operations page through 14 pages with a sliding window kept in the URL", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000)
    const account = await createConfirmedAccount("ops-paging")
    await seedOperations(account.userId, demoOperations(137))
    expect(await countOperations(account.userId)).toBe(137)

    await page.emulateMedia({ colorScheme: "light" })
    await signIn(page, account)
    await page.getByRole("link", { name: "Operations", exact: true }).click()

    // First page.
    await expectPage(page, 1, "Showing 1-10 of 137 operations", [1, 2, 3, 4, 5])
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled()
    await expect(rows(page)).toHaveCount(10)
    const headers = await page.getByRole("columnheader").allTextContents()
    expect(headers).toEqual(["Operation", "Language", "Cost", "Tool", "Date"])
    await settledScreen(page, testInfo, "first-page-light")

    // Second page, as the server orders them.
    await page.getByRole("button", { name: "Next" }).click()
    await expect(page).toHaveURL(/\/operations\?page=2$/)
    await expectPage(page, 2, "Showing 11-20 of 137 operations", [1, 2, 3, 4, 5])
    const expected = await readOperations(
      account.userId,
      "select=action,language,cost,tool,created_at&order=created_at.desc&offset=10&limit=10",
    )
    const first = rows(page).first().getByRole("cell")
    const action = String(expected[0]!.action)
    await expect(first.nth(0)).toHaveText(LABELS[action] ?? "unexpected action")
    await expect(first.nth(0)).toHaveAttribute("title", action)
    await expect(first.nth(1)).toHaveText(String(expected[0]!.language ?? "-"))
    await expect(first.nth(2)).toHaveText(String(expected[0]!.cost))
    await expect(first.nth(3)).toHaveText(String(expected[0]!.tool))
    await expect(first.nth(4)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/)
    // Row 20 (index 19) has no language: '-'.
    await expect(rows(page).nth(9).getByRole("cell").nth(1)).toHaveText("-")

    // Middle: the current page is centred.
    await page.getByRole("button", { name: "Page 5" }).click()
    await expectPage(page, 5, "Showing 41-50 of 137 operations", [3, 4, 5, 6, 7])
    await page.getByRole("button", { name: "Page 7" }).click()
    await expect(page).toHaveURL(/\?page=7$/)
    await expectPage(page, 7, "Showing 61-70 of 137 operations", [5, 6, 7, 8, 9])

    // Reload keeps the page.
    await page.reload()
    await expectPage(page, 7, "Showing 61-70 of 137 operations", [5, 6, 7, 8, 9])

    // Last page from the URL.
    await page.goto("/operations?page=14")
    await expectPage(page, 14, "Showing 131-137 of 137 operations", [10, 11, 12, 13, 14])
    await expect(rows(page)).toHaveCount(7)
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled()
    await expect(page.getByRole("button", { name: "Previous" })).toBeEnabled()

    // Back and forward walk the history of pages.
    await page.goBack()
    await expectPage(page, 7, "Showing 61-70 of 137 operations", [5, 6, 7, 8, 9])
    await page.goForward()
    await expectPage(page, 14, "Showing 131-137 of 137 operations", [10, 11, 12, 13, 14])

    // A page past the end shows the last page.
    await page.goto("/operations?page=99")
    await expectPage(page, 14, "Showing 131-137 of 137 operations", [10, 11, 12, 13, 14])

    await page.goto("/operations?page=7")
    await page.emulateMedia({ colorScheme: "dark" })
    await expect(page.locator("html")).toHaveClass(/dark/)
    await expectPage(page, 7, "Showing 61-70 of 137 operations", [5, 6, 7, 8, 9])
    await settledScreen(page, testInfo, "middle-page-dark")
  })

  test("failed reads show the catalogue's toasts and an error with Retry, not the empty state", async ({
    page,
  }) => {
    const account = await createConfirmedAccount("ops-errors")
    await signIn(page, account)
    await failRequests(page, "**/rest/v1/operations?**", "counting failed")
    await page.goto("/operations")
    await expectToast(page, "Error fetching operations count", "counting failed")
    // A failed read is not an empty list: the error, with Retry.
    await expect(
      page.getByRole("alert").filter({ hasText: "The operations could not be loaded." }),
    ).toBeVisible()
    await expect(page.getByText("No operations found")).toHaveCount(0)

    await page.unrouteAll()
    await failRequests(page, "**/rest/v1/end_users?**", "no user lookup")
    await page.reload()
    await expectToast(page, "Error fetching user data", "no user lookup")
    // A failed read is not an empty list: the error, with Retry.
    await expect(
      page.getByRole("alert").filter({ hasText: "The operations could not be loaded." }),
    ).toBeVisible()
    await expect(page.getByText("No operations found")).toHaveCount(0)
  })
})
