import { expect, type Page, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { callServer, serviceRoleKey } from "../support/server"
import { checkScreen } from "../support/screens"

/** Sets a company's balance as the server's own code would: with the service-role key. */
async function setCredits(userId: string, credits: number) {
  const { status, json } = await callServer(`/rest/v1/users?id=eq.${userId}`, {
    method: "PATCH",
    body: { credits },
    bearer: serviceRoleKey(),
    headers: { apikey: serviceRoleKey(), Prefer: "return=minimal" },
  })
  expect(status, JSON.stringify(json)).toBeLessThan(300)
}

async function becomeVisibleAgain(page: Page) {
  await page.evaluate(() => {
    const set = (state: "hidden" | "visible") => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state })
      Object.defineProperty(document, "hidden", {
        configurable: true,
        get: () => state === "hidden",
      })
      // As browsers fire it: at the document, bubbling to the window.
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true }))
    }
    set("hidden")
    set("visible")
  })
}

test.describe("header balance", () => {
  test("the header shows the title, the balance with separators and 'Buy Credits'", async ({
    page,
  }, testInfo) => {
    const account = await createConfirmedAccount("balance")
    await setCredits(account.userId, 1234567)
    await signIn(page, account)
    await expect(page.getByText("Nativ - Admin Dashboard")).toBeVisible()
    await expect(page.getByTestId("credit-balance")).toHaveText("1,234,567 credits")
    await checkScreen(page, testInfo, "balance")

    // The whole header still fits the narrowest supported screen with a seven-digit balance.
    await page.setViewportSize({ width: 360, height: 740 })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await expect(page.getByTestId("credit-balance")).toBeVisible()
  })

  test("the balance is read again when the tab becomes visible", async ({ page }) => {
    const account = await createConfirmedAccount("balance-visible")
    await signIn(page, account)
    await expect(page.getByTestId("credit-balance")).toHaveText("0 credits")

    await setCredits(account.userId, 25000)
    await becomeVisibleAgain(page)
    await expect(page.getByTestId("credit-balance")).toHaveText("25,000 credits")
  })

  test("the balance block is hidden, and nothing is toasted, when the balance cannot be read", async ({
    page,
  }, testInfo) => {
    const account = await createConfirmedAccount("balance-hidden")
    await signIn(page, account)
    await expect(page.getByTestId("credit-balance")).toHaveText("0 credits")

    let failed = 0
    await page.route("**/rest/v1/users**", (route) => {
      failed += 1
      return route.abort("failed")
    })
    await becomeVisibleAgain(page)
    await expect.poll(() => failed).toBeGreaterThan(0)
    await expect(page.getByTestId("credit-balance")).toHaveCount(0)
    await expect(page.getByRole("link", { name: "Buy Credits" })).toBeVisible()
    await expect(page.locator("[data-sonner-toast][data-type=error]")).toHaveCount(0)
    await checkScreen(page, testInfo, "hidden")
  })
})
