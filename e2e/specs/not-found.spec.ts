import { expect, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { checkScreen } from "../support/screens"

test.describe("not found", () => {
  test("an unknown path shows the 404 page whose link returns home", async ({ page }, testInfo) => {
    const response = await page.goto("/no/such/page")
    // The server says what the page shows, so crawlers and monitors see it too.
    expect(response?.status()).toBe(404)
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible()
    await expect(page.getByText("Oops! Page not found")).toBeVisible()
    await checkScreen(page, testInfo, "404")

    await page.getByRole("link", { name: "Return to Home" }).click()
    await expect(page).toHaveURL(/\/auth$/)
  })

  test("a signed-in visitor returns to the dashboard from the 404 page", async ({ page }) => {
    await signIn(page, await createConfirmedAccount("notfound"))
    await page.goto("/missing")
    await page.getByRole("link", { name: "Return to Home" }).click()
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
  })
})
