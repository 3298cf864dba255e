import { expect, type Locator, type Page, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { checkNarrowInBothThemes } from "../support/narrow-themes"

const strip = (page: Page) => page.getByTestId("settings-tab-strip")
const opacity = (locator: Locator) =>
  locator.evaluate((element) => Number(getComputedStyle(element).opacity))

/** Whether `tab` lies wholly inside the strip's visible width. */
async function inView(page: Page, tab: Locator) {
  const [box, bounds] = await Promise.all([tab.boundingBox(), strip(page).boundingBox()])
  if (!box || !bounds) return false
  return box.x >= bounds.x - 1 && box.x + box.width <= bounds.x + bounds.width + 1
}

test.describe("Settings at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } })
  test.setTimeout(120_000)

  test("the tab strip shows that it scrolls and keeps the active tab in view", async ({
    page,
  }, testInfo) => {
    await signIn(page, await createConfirmedAccount("settings-mobile"))
    await page.goto("/settings")
    const general = page.getByRole("tab", { name: "General" })
    await expect(general).toHaveAttribute("aria-selected", "true")
    // Tabs hidden to the right: the end fades, the start does not.
    await expect.poll(() => opacity(page.getByTestId("tabs-fade-end"))).toBe(1)
    await expect.poll(() => opacity(page.getByTestId("tabs-fade-start"))).toBe(0)
    const webhooks = page.getByRole("tab", { name: "Webhooks" })
    expect(await inView(page, webhooks)).toBe(false)

    // Opened on a far tab, the strip scrolls it into view and fades the start.
    await page.goto("/settings?tab=webhooks")
    await expect(webhooks).toHaveAttribute("aria-selected", "true")
    await expect.poll(() => inView(page, webhooks)).toBe(true)
    await expect.poll(() => opacity(page.getByTestId("tabs-fade-start"))).toBe(1)
    await checkNarrowInBothThemes(page, testInfo, "webhooks-tab")

    // The keyboard walks the strip, and each tab reached is scrolled into view.
    const about = page.getByRole("tab", { name: "About" })
    await about.click()
    await expect(about).toHaveAttribute("aria-selected", "true")
    await expect(about).toBeFocused()
    await expect.poll(() => inView(page, about)).toBe(true)
    await expect.poll(() => opacity(page.getByTestId("tabs-fade-end"))).toBe(0)
    // One tab at a time: each press lands once the previous one has been taken.
    for (let i = 0; i < 9; i++) {
      const selected = await page.getByRole("tab", { selected: true }).textContent()
      await page.keyboard.press("ArrowLeft")
      await expect(page.getByRole("tab", { selected: true })).not.toHaveText(selected!)
    }
    await expect(general).toHaveAttribute("aria-selected", "true")
    await expect.poll(() => inView(page, general)).toBe(true)
    await expect(page).toHaveURL(/\/settings$/)
  })

  test("the company and the role are in the sidebar panel", async ({ page }, testInfo) => {
    const account = await createConfirmedAccount("settings-mobile-company")
    await signIn(page, account)
    await expect(page.getByTestId("header-company")).toBeHidden()
    await page.getByRole("button", { name: "Toggle Sidebar" }).click()
    const panel = page.getByRole("dialog", { name: "Sidebar" })
    const company = panel.getByTestId("sidebar-company")
    await expect(company).toBeVisible()
    await expect(company).toContainText(account.companyName)
    await expect(company).toContainText("Owner")
    await checkNarrowInBothThemes(page, testInfo, "sidebar-company")
  })
})
