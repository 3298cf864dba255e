import { expect, type Page, test, type TestInfo } from "@playwright/test"

import { expectNoSeriousViolations, saveScreenshot } from "../support/screens"
import { signedInAccount } from "../support/workspace"

/** Every product API read of `path` answers 500 until the returned function is called. */
async function failApi(page: Page, path: string) {
  const pattern = `**/api/v1${path}`
  await page.route(pattern, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "internal_error", message: "Database down" } }),
    }),
  )
  return () => page.unroute(pattern)
}

/** The screen at 375 px in the dark theme: audited, then captured under e2e/screenshots/. */
async function phoneDark(page: Page, testInfo: TestInfo, name: string) {
  const original = page.viewportSize()
  await page.setViewportSize({ width: 375, height: 812 })
  await page.emulateMedia({ colorScheme: "dark" })
  await expect(page.locator("html")).toHaveClass(/dark/)
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 })
  await expectNoSeriousViolations(page, `${name} (375 px, dark)`)
  await saveScreenshot(page, testInfo, `list-errors--${name}--375-dark.png`, {
    fullPage: true,
    animations: "disabled",
  })
  await page.emulateMedia({ colorScheme: "light" })
  if (original) await page.setViewportSize(original)
}

test.describe("a list that fails to load", () => {
  test.setTimeout(90_000)

  test("shows the error with Retry, never the empty state, and Retry reads it again", async ({
    page,
  }, testInfo) => {
    await signedInAccount(page, "list-errors", { languages: [["French", "FR"]] })

    const healKeys = await failApi(page, "/api-keys*")
    // By the sidebar: the server answers a page load of /api-keys itself (the SDKs' root path).
    await page.getByRole("link", { name: "API Keys" }).click()
    const keys = page.getByRole("alert").filter({ hasText: "The API keys could not be loaded." })
    await expect(keys).toContainText("Database down")
    await expect(page.getByText("No API keys found")).toHaveCount(0)
    await phoneDark(page, testInfo, "api-keys")
    await healKeys()
    await keys.getByRole("button", { name: "Retry" }).click()
    await expect(page.getByText("No API keys found")).toBeVisible()
    await expect(keys).toHaveCount(0)

    const healLanguages = await failApi(page, "/user/languages")
    await page.goto("/settings?tab=languages")
    const languages = page
      .getByRole("alert")
      .filter({ hasText: "The languages could not be loaded." })
    await expect(languages).toBeVisible()
    await expect(page.getByText("No languages added yet")).toHaveCount(0)
    await healLanguages()
    await languages.getByRole("button", { name: "Retry" }).click()
    await expect(page.getByRole("row", { name: /French/ })).toBeVisible()
  })
})
