import { expect, test } from "@playwright/test"

import { signedInAccount } from "../support/workspace"

/**
 * After a failed submit, focus goes to the first field in error (issue #28), so a keyboard or
 * screen-reader user lands where the problem is instead of on the button they pressed.
 */
test.describe("a failed submit moves focus to the first invalid field", () => {
  test("sign-in: the empty email first, then the empty password", async ({ page }) => {
    await page.goto("/auth")
    await page.getByRole("button", { name: "Sign In" }).click()
    await expect(page.getByLabel("Email")).toBeFocused()
    await expect(page.getByText("Email is required")).toBeVisible()

    await page.getByLabel("Email").fill("someone@example.com")
    await page.getByRole("button", { name: "Sign In" }).click()
    await expect(page.getByLabel("Password")).toBeFocused()
    await expect(page.getByText("Password is required")).toBeVisible()
  })

  test("API Keys: an unnamed key puts focus on the name", async ({ page }) => {
    await signedInAccount(page, "form-focus")
    await page.goto("/api-keys")
    await page.getByRole("button", { name: "Create API Key" }).click()
    await expect(page.getByLabel("Name")).toBeFocused()
  })
})
