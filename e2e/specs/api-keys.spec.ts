import { expect, test } from "@playwright/test"

import { expectToast } from "../support/screens"
import { baseUrl } from "../support/server"
import { checkScreenInBothThemes, signedInAccount } from "../support/workspace"

async function culturalizeWithKey(key: string) {
  const response = await fetch(`${baseUrl}/api/v1/text/culturalize`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ text: "Hello", language: "German", language_code: "DE", tool: "api" }),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

test.describe("API keys", () => {
  test.setTimeout(120_000)

  test("creates a key shown once, copies it, uses it, revokes it and sees it refused", async ({
    page,
    context,
  }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"])
    await signedInAccount(page, "api-keys", { credits: 100 })
    await page.getByRole("link", { name: "API Keys" }).click()
    await expect(page.getByText("No API keys found")).toBeVisible()
    await expect(page.getByText("Create your first API key to get started")).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "empty")

    await page.getByRole("button", { name: "Create API Key" }).click()
    await expectToast(page, "Name required", "Please enter a name for the API key")
    await expect(page.getByLabel("Name")).toHaveAttribute("maxlength", "100")

    await page.getByLabel("Name").fill("Production server")
    await page.getByLabel("Expiry").click()
    for (const option of ["Never expires", "7 days", "30 days", "90 days", "1 year"])
      await expect(page.getByRole("option", { name: option })).toBeVisible()
    await page.getByRole("option", { name: "30 days" }).click()
    await page.getByRole("button", { name: "Create API Key" }).click()
    await expectToast(page, "API key created successfully")

    const banner = page.getByTestId("new-api-key")
    await expect(banner).toHaveText(/^nativ_/)
    const key = (await banner.innerText()).trim()
    await page.getByRole("button", { name: "Hide key" }).click()
    await expect(banner).not.toContainText(key)
    await page.getByRole("button", { name: "Show key" }).click()
    await expect(banner).toHaveText(key)
    await page.getByRole("button", { name: "Copy key" }).click()
    await expectToast(page, "Copied to clipboard")
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)

    const row = page.getByRole("listitem", { name: "Production server" })
    await expect(row).toContainText("Active")
    await expect(row).toContainText("Created")
    await expect(row).toContainText("Expires")
    await expect(row).toContainText("Last usedNever")
    await checkScreenInBothThemes(page, testInfo, "created")

    const used = await culturalizeWithKey(key)
    expect(used.status, JSON.stringify(used.json)).toBe(200)
    expect(used.json.translated_text).toBeTruthy()

    // The banner stays until it is dismissed.
    await page.reload()
    await expect(page.getByTestId("new-api-key")).toHaveCount(0)
    await expect(row).not.toContainText("Last usedNever")

    await row.getByRole("button", { name: "Revoke Production server" }).click()
    const dialog = page.getByRole("alertdialog", { name: "Revoke API key?" })
    await expect(dialog).toBeVisible()
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await expect(row).toBeVisible()
    await row.getByRole("button", { name: "Revoke Production server" }).click()
    await dialog.getByRole("button", { name: "Revoke" }).click()
    await expectToast(page, "API key revoked")
    await expect(page.getByText("No API keys found")).toBeVisible()

    const refused = await culturalizeWithKey(key)
    expect(refused.status).toBe(401)
    expect((refused.json.error as { message: string }).message).toMatch(/revoked/)
  })

  test("the one-time banner stays until 'I've copied the key'", async ({ page }) => {
    await signedInAccount(page, "api-keys-banner")
    await page.goto("/api-keys")
    await page.getByLabel("Name").fill("CI")
    await page.getByRole("button", { name: "Create API Key" }).click()
    await expect(page.getByTestId("new-api-key")).toBeVisible()
    await page.getByLabel("Name").fill("Second")
    await page.getByRole("button", { name: "Create API Key" }).click()
    await expect(page.getByRole("listitem", { name: "Second" })).toBeVisible()
    await expect(page.getByTestId("new-api-key")).toBeVisible()
    await expect(page.getByRole("listitem", { name: "CI" })).not.toContainText("Expires")
    await page.getByRole("button", { name: "I've copied the key" }).click()
    await expect(page.getByTestId("new-api-key")).toHaveCount(0)
  })
})
