import { expect, test } from "@playwright/test"

import { signedInAccount } from "../support/workspace"

test.describe("page titles and the skip link", () => {
  test.setTimeout(90_000)

  test("every main route names itself in the browser tab", async ({ page }) => {
    await page.goto("/auth")
    await expect(page).toHaveTitle("Sign in · Nativ")
    await page.goto("/signup")
    await expect(page).toHaveTitle("Sign up · Nativ")

    await signedInAccount(page, "page-titles")
    await expect(page).toHaveTitle("Dashboard · Nativ")
    for (const [link, title] of [
      ["Operations", "Operations · Nativ"],
      ["Analytics", "Analytics · Nativ"],
      ["Playground", "Playground · Nativ"],
      ["Glossaries", "Glossaries · Nativ"],
      ["Translation Memory", "Translation Memory · Nativ"],
      ["Plugins", "Plugins · Nativ"],
      ["API Keys", "API Keys · Nativ"],
      ["Settings", "Settings · Nativ"],
    ] as const) {
      await page.getByRole("link", { name: link, exact: true }).click()
      await expect(page).toHaveTitle(title)
    }
    await page.getByRole("link", { name: "Buy Credits" }).click()
    await expect(page).toHaveTitle("Buy Credits · Nativ")
    await page.goto("/no-such-page")
    await expect(page).toHaveTitle("Page not found · Nativ")
  })

  test("'Skip to content' is the first stop for Tab and moves focus to the page", async ({
    page,
  }) => {
    await signedInAccount(page, "skip-link")
    await page.goto("/operations")
    await expect(page.getByRole("heading", { name: "Operations" })).toBeVisible()
    await page.keyboard.press("Tab")
    const skip = page.getByRole("link", { name: "Skip to content" })
    await expect(skip).toBeFocused()
    await expect(skip).toBeVisible()
    await page.keyboard.press("Enter")
    await expect(page.locator("main#content")).toBeFocused()

    // A primary button shows a ring when reached by keyboard.
    const button = page.getByRole("link", { name: "Buy Credits" })
    await button.focus()
    const ring = await button.evaluate((el) => getComputedStyle(el).boxShadow)
    expect(ring).not.toBe("none")
  })
})
