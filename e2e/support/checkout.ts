import { type BrowserContext, expect, type Page } from "@playwright/test"

/** Clicks a purchase button and returns the local checkout page it opened in a new tab. */
export async function openCheckout(page: Page, context: BrowserContext, button: string) {
  const [checkout] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: button }).click(),
  ])
  await checkout.waitForLoadState()
  expect(new URL(checkout.url()).pathname).toMatch(/^\/_checkout\//)
  return checkout
}
