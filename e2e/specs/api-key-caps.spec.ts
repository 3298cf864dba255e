import { expect, test } from "@playwright/test"

import { checkNarrow, expectNoSeriousViolations, expectToast } from "../support/screens"
import { baseUrl } from "../support/server"
import { signedInAccount } from "../support/workspace"

async function culturalizeWithKey(key: string, text: string) {
  const response = await fetch(`${baseUrl}/api/v1/text/culturalize`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ text, language: "German", language_code: "DE", tool: "api" }),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

test.describe("API key monthly credit caps", () => {
  test.setTimeout(120_000)

  test("a key created with a cap is refused once it has used it, shows used of cap, and its cap can be raised", async ({
    page,
  }, testInfo) => {
    await signedInAccount(page, "api-key-caps", { credits: 100 })
    await page.goto("/api-keys")

    await page.getByLabel("Name").fill("Capped plugin")
    await page.getByLabel("Monthly credit cap").fill("0")
    await page.getByRole("button", { name: "Create API Key" }).click()
    await expect(page.getByText(/Enter a whole number of credits from 1 to/)).toBeVisible()
    await page.getByLabel("Monthly credit cap").fill("3")
    await page.getByRole("button", { name: "Create API Key" }).click()
    await expectToast(page, "API key created successfully")
    const key = (await page.getByTestId("new-api-key").innerText()).trim()
    await page.getByRole("button", { name: "I've copied the key" }).click()

    const row = page.getByRole("listitem", { name: "Capped plugin" })
    await expect(row).toContainText("This month0 of 3 credits")
    await expect(row).toContainText("Last usedNever")

    for (let i = 1; i <= 3; i++) {
      const used = await culturalizeWithKey(key, `Hello number ${i}`)
      expect(used.status, JSON.stringify(used.json)).toBe(200)
    }
    const refused = await culturalizeWithKey(key, "One too many")
    expect(refused.status).toBe(402)
    expect(refused.json.error).toEqual({
      code: "key_cap_reached",
      message:
        "This API key has used its monthly cap of 3 credits. Raise the cap on the API Keys page or use another key.",
    })

    await page.reload()
    await expect(row).toContainText("This month3 of 3 credits")
    await expect(row.getByText("Cap reached")).toBeVisible()
    await expect(row).not.toContainText("Last usedNever")
    await expectNoSeriousViolations(page, "API keys with a capped key")
    await checkNarrow(page, testInfo, "cap-reached")

    // Keyboard only: open the dialog, type the new cap, save with Enter.
    await row.getByRole("button", { name: "Edit cap of Capped plugin" }).focus()
    await page.keyboard.press("Enter")
    const dialog = page.getByRole("dialog", { name: "Edit cap" })
    await expect(dialog).toContainText("has used 3 credits this month")
    await expect(dialog.getByLabel("Monthly credit cap")).toBeFocused()
    await expect(dialog.getByLabel("Monthly credit cap")).toHaveValue("3")
    await checkNarrow(page, testInfo, "edit-cap")
    await dialog.getByLabel("Monthly credit cap").fill("10")
    await page.keyboard.press("Enter")
    await expectToast(page, "Monthly cap saved")
    await expect(dialog).toBeHidden()
    await expect(row).toContainText("This month3 of 10 credits")
    await expect(row.getByText("Cap reached")).toHaveCount(0)

    const again = await culturalizeWithKey(key, "After raising the cap")
    expect(again.status, JSON.stringify(again.json)).toBe(200)

    await row.getByRole("button", { name: "Edit cap of Capped plugin" }).click()
    await dialog.getByLabel("Monthly credit cap").fill("")
    await dialog.getByRole("button", { name: "Save" }).click()
    await expectToast(page, "Monthly cap removed")
    await page.reload()
    await expect(row).toContainText("This month4 credits")
  })
})
