import { expect, type Page, test, type TestInfo } from "@playwright/test"

import type { Account } from "../support/accounts"
import {
  desktop,
  expectFitsWidth,
  expectNoSeriousViolations,
  expectToast,
  saveScreenshot,
} from "../support/screens"
import { callServer } from "../support/server"
import { accessToken, signedInAccount } from "../support/workspace"

type Glossary = { id: string; name: string }

/** Stores a glossary through the product API, as an API user would. */
async function storeGlossary(
  account: Account,
  name: string,
  language_code: string,
  entries: { source: string; target: string }[],
) {
  const { status, json } = await callServer("/api/v1/glossaries", {
    method: "POST",
    bearer: await accessToken(account),
    body: { name, language_code, entries },
  })
  expect(status, JSON.stringify(json)).toBe(201)
  return json as Glossary
}

async function storedEntries(account: Account, id: string) {
  const { json } = await callServer(`/api/v1/glossaries/${id}/entries`, {
    bearer: await accessToken(account),
  })
  return (json as { entries: unknown[] }).entries
}

/** At 375 px, in the light and the dark theme: no sideways scroll, axe passes, a screenshot. */
async function checkPhoneInBothThemes(page: Page, testInfo: TestInfo, name: string) {
  await expectFitsWidth(page, 375)
  const original = page.viewportSize() ?? desktop
  await page.setViewportSize({ width: 375, height: 812 })
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme })
    if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/)
    else await expect(page.locator("html")).not.toHaveClass(/dark/)
    await page.waitForTimeout(250)
    await expectNoSeriousViolations(page, `${name} (375 px, ${theme})`)
    await saveScreenshot(page, testInfo, `glossary-editing--${name}-${theme}--375.png`, {
      animations: "disabled",
    })
  }
  await page.emulateMedia({ colorScheme: "light" })
  await page.setViewportSize(original)
}

test.describe("glossary ids, entries and names", () => {
  test.setTimeout(150_000)

  test("copies a glossary's id, edits its entries in a table, and refuses a taken name", async ({
    page,
    context,
  }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"])
    const account = await signedInAccount(page, "glossary-table", {
      languages: [["German", "DE"]],
    })
    const stored = await storeGlossary(account, "Checkout", "DE", [
      { source: "Cart", target: "Korb" },
      { source: "Pay", target: "Zahlen" },
    ])
    await storeGlossary(account, "Marketing", "DE", [{ source: "Sale", target: "Angebot" }])
    await page.goto("/glossaries")
    const row = page.getByRole("row").filter({ hasText: "Checkout" })

    await expect(row.getByTestId("glossary-id")).toHaveText(stored.id)
    await row.getByRole("button", { name: 'Copy the id of "Checkout"' }).click()
    await expectToast(page, "Glossary id copied")
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.id)
    await checkPhoneInBothThemes(page, testInfo, "list")

    await row.getByRole("button", { name: 'Edit entries of "Checkout"' }).click()
    const dialog = page.getByRole("dialog", { name: "Edit entries" })
    await expect(dialog.getByLabel("Source term, row 1")).toHaveValue("Cart")
    await expect(dialog.getByLabel("Target term, row 2")).toHaveValue("Zahlen")
    await dialog.getByLabel("Target term, row 1").fill("Warenkorb")
    await dialog.getByRole("button", { name: "Delete row 2" }).click()
    await dialog.getByRole("button", { name: "Add row" }).click()
    await expect(dialog.getByLabel("Source term, row 2")).toBeFocused()
    await page.keyboard.type("cart")
    await dialog.getByRole("button", { name: "Save entries" }).click()
    await expect(dialog.getByText("Enter the target term")).toBeVisible()
    await expect(dialog.getByRole("alert")).toHaveText("1 row needs fixing before saving.")
    await checkPhoneInBothThemes(page, testInfo, "entries-invalid")

    await dialog.getByLabel("Target term, row 2").fill("Korb")
    await dialog.getByRole("button", { name: "Save entries" }).click()
    await expect(dialog.getByText("Row 1 has the same source term; keep one")).toBeVisible()
    await dialog.getByLabel("Source term, row 2").fill("Sign in")
    await dialog.getByLabel("Target term, row 2").fill("Anmelden")
    await dialog.getByRole("button", { name: "Save entries" }).click()
    await expectToast(page, "Entries saved", "Checkout now has 2 entries")
    await expect(dialog).toBeHidden()
    expect(await storedEntries(account, stored.id)).toEqual([
      { source: "Cart", target: "Warenkorb" },
      { source: "Sign in", target: "Anmelden" },
    ])
    await expect(row.getByRole("cell").nth(2)).toHaveText("2")

    await row.getByRole("button", { name: 'Rename "Checkout"' }).click()
    const rename = page.getByRole("dialog", { name: "Rename glossary" })
    await rename.getByLabel("Name").fill("MARKETING")
    await rename.getByRole("button", { name: "Save" }).click()
    await expect(
      rename.getByText('A glossary named "MARKETING" already exists. Choose another name.'),
    ).toBeVisible()
  })

  test("a long glossary scrolls inside the editor, not the page", async ({ page }, testInfo) => {
    const account = await signedInAccount(page, "glossary-long")
    const many = Array.from({ length: 400 }, (_, i) => ({ source: `term ${i}`, target: `T ${i}` }))
    await storeGlossary(account, "Long", "DE", many)
    await page.goto("/glossaries")
    await page.getByRole("button", { name: 'Edit entries of "Long"' }).click()
    const dialog = page.getByRole("dialog", { name: "Edit entries" })
    await expect(dialog.getByLabel("Source term, row 400")).toHaveValue("term 399")
    const box = dialog.getByTestId("entries-scroll")
    const sizes = await box.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }))
    expect(sizes.scroll).toBeGreaterThan(sizes.client * 5)
    await expect(dialog.getByRole("button", { name: "Save entries" })).toBeInViewport()
    // axe over hundreds of inputs outlasts the test; the short editor above is audited instead.
    await expectFitsWidth(page, 375)
    await page.setViewportSize({ width: 375, height: 812 })
    await expect(dialog.getByRole("button", { name: "Save entries" })).toBeInViewport()
    await saveScreenshot(page, testInfo, "glossary-editing--entries-long--375.png", {
      animations: "disabled",
    })
  })

  test("the Playground offers the chosen language's glossaries and 'Save as glossary' refuses a taken name", async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, "glossary-language", {
      credits: 100,
      languages: [
        ["French", "FR"],
        ["French", "FR-CA"],
      ],
    })
    await storeGlossary(account, "Paris", "FR", [{ source: "Sale", target: "Soldes" }])
    await storeGlossary(account, "Québec", "FR-CA", [{ source: "Sale", target: "Vente" }])
    await page.goto("/playground")
    const saved = page.getByLabel("Saved glossary")
    const offered = async () => {
      await saved.click()
      const names = await page.getByRole("option").allTextContents()
      await page.keyboard.press("Escape")
      return names
    }

    await page.getByLabel("Target Language").click()
    await page.getByRole("option", { name: "French (FR)", exact: true }).click()
    expect(await offered()).toEqual(["None", "Paris (FR)"])
    await saved.click()
    await page.getByRole("option", { name: "Paris (FR)" }).click()
    await expect(saved).toHaveText("Paris (FR)")

    await page.getByLabel("Target Language").click()
    await page.getByRole("option", { name: "French (FR-CA)" }).click()
    await expect(saved).toHaveText("None")
    expect(await offered()).toEqual(["None", "Québec (FR-CA)"])

    await page.getByLabel("Glossary CSV").setInputFiles({
      name: "québec.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("source,target\nSpring Sale,Soldes du printemps\n"),
    })
    await expectToast(page, "CSV uploaded", "québec.csv has been selected for glossary")
    await page.getByRole("button", { name: "Save as glossary" }).click()
    const dialog = page.getByRole("dialog", { name: "Save as glossary" })
    await expect(dialog.getByLabel("Name")).toHaveValue("québec")
    await dialog.getByRole("button", { name: "Save glossary" }).click()
    await expect(
      dialog.getByText('A glossary named "québec" already exists. Choose another name.'),
    ).toBeVisible()
    await checkPhoneInBothThemes(page, testInfo, "save-as-taken")

    await dialog.getByLabel("Name").fill("Montréal")
    await dialog.getByRole("button", { name: "Save glossary" }).click()
    await expectToast(page, "Glossary saved", "Montréal is now a saved glossary")
    await expect(saved).toHaveText("Montréal (FR-CA)")
    await expect(page.getByTestId("culturalized-text")).toHaveCount(0)

    const { json } = await callServer("/api/v1/glossaries", {
      bearer: await accessToken(account),
    })
    expect((json as { glossaries: Glossary[] }).glossaries.map((g) => g.name)).toEqual([
      "Montréal",
      "Paris",
      "Québec",
    ])
  })
})
