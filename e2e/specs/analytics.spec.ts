import { expect, type Page, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { expectToast } from "../support/screens"
import { failRequests } from "../support/network"
import {
  dayIn,
  demoOperations,
  noonTimeZone,
  readOperations,
  seedOperations,
  settledScreen,
} from "../support/seed"

const timeZone = noonTimeZone()
test.use({ timezoneId: timeZone })

const sector = (page: Page, language: string) =>
  page.locator(`path[data-language="${language}"]`).first()
const labels = (page: Page) => page.locator('[data-slot="slice-label"]')
const legend = (page: Page) => page.getByRole("list", { name: "Languages" })

async function openAnalytics(page: Page) {
  await page.getByRole("link", { name: "Analytics", exact: true }).click()
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible()
  await expect(page.getByText("Visualize operation metrics and trends.")).toBeVisible()
}

test.describe("analytics", () => {
  test("a new account sees 'No analytics data available'", async ({ page }, testInfo) => {
    await signIn(page, await createConfirmedAccount("an-empty"))
    await openAnalytics(page)
    await expect(page.getByRole("heading", { name: "Operations Analytics" })).toBeVisible()
    await expect(page.getByText("No analytics data available")).toBeVisible()
    await settledScreen(page, testInfo, "empty")
  })

  test("shows 'Loading analytics data...' until both datasets arrive", async ({ page }) => {
    const account = await createConfirmedAccount("an-loading")
    await seedOperations(account.userId, demoOperations(12))
    await signIn(page, account)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route("**/rest/v1/rpc/operation_daily_counts", async (route) => {
      await held
      await route.continue()
    })
    await openAnalytics(page)
    await expect(page.getByText("Loading analytics data...")).toBeVisible()
    release()
    await expect(page.getByText("Language Distribution (Top 5)")).toBeVisible()
  })

  test("charts show the SQL figures, highlight a hovered slice and resize within 30 %", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    const account = await createConfirmedAccount("an-data")
    const seeded = await seedOperations(account.userId, demoOperations(137))

    // Expected donut from a direct read: top 5 by count (ties by name), the rest in 'Other'.
    const rows = await readOperations(account.userId, "select=language&language=not.is.null")
    const counts = new Map<string, number>()
    for (const row of rows)
      counts.set(String(row.language), (counts.get(String(row.language)) ?? 0) + 1)
    const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    const total = rows.length
    const expected = [
      ...ranked.slice(0, 5),
      ["Other", ranked.slice(5).reduce((sum, [, n]) => sum + n, 0)] as const,
    ].map(([language, n]) => ({ language, label: `${((n / total) * 100).toFixed(1)}%` }))
    const days = new Set(
      seeded.filter((op) => op.language).map((op) => dayIn(timeZone, op.created_at)),
    )

    // Chart code is loaded by the Analytics route only.
    const scripts: string[] = []
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()))
    await page.emulateMedia({ colorScheme: "light" })
    await signIn(page, account)
    expect(scripts.filter((s) => /analytics-charts/.test(s))).toEqual([])
    await openAnalytics(page)
    await expect(page.getByText("Language Distribution (Top 5)")).toBeVisible()
    await expect(page.getByText("Operations Over Time")).toBeVisible()
    expect(scripts.filter((s) => /analytics-charts/.test(s))).toHaveLength(1)

    await expect(legend(page).getByRole("listitem")).toHaveText(expected.map((e) => e.language))
    await expect(labels(page)).toHaveText(expected.map((e) => e.label))
    await expect(page.locator(".recharts-bar-rectangle")).toHaveCount(days.size)
    await settledScreen(page, testInfo, "data-light")

    // Hover: the active slice's border thickens, the others fade, only its label shows.
    const hovered = expected[1]!
    await sector(page, hovered.language).hover()
    await expect(sector(page, hovered.language)).toHaveAttribute("stroke-width", "4")
    await expect(sector(page, hovered.language)).toHaveAttribute("opacity", "1")
    for (const other of expected.filter((e) => e !== hovered))
      await expect(sector(page, other.language)).toHaveAttribute("opacity", "0.7")
    await expect(labels(page)).toHaveText([hovered.label])
    await expect(
      legend(page).getByRole("listitem").filter({ hasText: hovered.language }),
    ).toHaveAttribute("data-active", "true")
    // Leaving clears it.
    await page.mouse.move(5, 5)
    await expect(labels(page)).toHaveCount(expected.length)
    await expect(page.locator('path[data-language][opacity="0.7"]')).toHaveCount(0)
    await expect(legend(page).locator("[data-active]")).toHaveCount(0)

    // The divider: 50/50 by default, dragged past the limit it stops at 30 %.
    const divider = page.getByRole("separator", { name: "Resize charts" })
    const left = page.locator('[data-panel][id="language-distribution"]')
    const group = page.locator("[data-group]")
    const share = async () =>
      ((await left.boundingBox())!.width / (await group.boundingBox())!.width) * 100
    expect(await share()).toBeCloseTo(50, 0)
    const box = (await divider.boundingBox())!
    const groupBox = (await group.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(groupBox.x + 20, box.y + box.height / 2, { steps: 10 })
    await page.mouse.up()
    expect(Math.abs((await share()) - 30)).toBeLessThan(1)
    const moved = (await divider.boundingBox())!
    await page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height / 2)
    await page.mouse.down()
    await page.mouse.move(groupBox.x + groupBox.width - 20, moved.y + moved.height / 2, {
      steps: 10,
    })
    await page.mouse.up()
    expect(Math.abs((await share()) - 70)).toBeLessThan(1)

    // And by keyboard.
    await divider.focus()
    await page.keyboard.press("Home")
    await expect(divider).toHaveAttribute("aria-valuenow", "30")
    await page.keyboard.press("ArrowRight")
    expect(Number(await divider.getAttribute("aria-valuenow"))).toBeGreaterThan(30)
    await page.keyboard.press("End")
    await expect(divider).toHaveAttribute("aria-valuenow", "70")

    await page.emulateMedia({ colorScheme: "dark" })
    await expect(page.locator("html")).toHaveClass(/dark/)
    await settledScreen(page, testInfo, "data-dark")
  })

  test("failed reads show the catalogue's toasts and an error with Retry, no charts", async ({
    page,
  }) => {
    const account = await createConfirmedAccount("an-errors")
    await seedOperations(account.userId, demoOperations(12))
    await signIn(page, account)
    await failRequests(page, "**/rest/v1/rpc/operation_language_counts", "no language counts")
    await openAnalytics(page)
    await expectToast(page, "Failed to fetch analytics data", "no language counts")
    // A failed read is not empty data: the error, with Retry.
    await expect(
      page.getByRole("alert").filter({ hasText: "The analytics could not be loaded." }),
    ).toBeVisible()
    await expect(page.getByText("No analytics data available")).toHaveCount(0)

    await page.unrouteAll()
    await failRequests(page, "**/rest/v1/end_users?**", "no user lookup")
    await page.reload()
    await expectToast(page, "Error fetching user data", "no user lookup")
    // A failed read is not empty data: the error, with Retry.
    await expect(
      page.getByRole("alert").filter({ hasText: "The analytics could not be loaded." }),
    ).toBeVisible()
    await expect(page.getByText("No analytics data available")).toHaveCount(0)
  })
})
