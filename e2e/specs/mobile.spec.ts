import { expect, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { checkScreen } from "../support/screens"

test.describe("mobile width", () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test("below 768px the sidebar is a slide-in panel 18rem wide that closes after navigating", async ({
    page,
  }, testInfo) => {
    await signIn(page, await createConfirmedAccount("mobile"))
    await expect(page.getByRole("navigation", { name: "Main Navigation" })).toBeHidden()
    await expect(page.getByText("Nativ - Admin Dashboard")).toBeHidden()
    await expect(page.getByRole("link", { name: "Buy Credits" })).toBeVisible()

    await page.getByRole("button", { name: "Toggle Sidebar" }).click()
    const panel = page.getByRole("dialog", { name: "Sidebar" })
    await expect(panel).toBeVisible()
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(288)
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0)
    await checkScreen(page, testInfo, "panel-open", { audit: ["mobile"] })

    await panel.getByRole("link", { name: "Settings" }).click()
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible()
    await expect(panel).toBeHidden()

    await page.keyboard.press("Control+b")
    await expect(panel).toBeVisible()
    await page.keyboard.press("Escape")
    await expect(panel).toBeHidden()
  })

  test("the sign-in and sign-up screens fit a 360px wide screen", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    for (const path of ["/auth", "/signup"]) {
      await page.goto(path)
      await expect(page.getByRole("button", { name: /Sign In|Create Account/ })).toBeVisible()
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
    }
  })
})
