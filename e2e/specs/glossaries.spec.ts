import { readFile } from "node:fs/promises"
import { expect, test } from "@playwright/test"

import { checkNarrow, expectToast } from "../support/screens"
import { checkScreenInBothThemes, signedInAccount } from "../support/workspace"

const file = (name: string, text: string) => ({
  name,
  mimeType: name.endsWith(".csv") ? "text/csv" : "text/plain",
  buffer: Buffer.from(text),
})

test.describe("glossaries", () => {
  test.setTimeout(150_000)

  test("creates, renames, replaces, downloads and deletes a glossary", async ({
    page,
  }, testInfo) => {
    await signedInAccount(page, "glossaries", { languages: [["German", "DE"]] })
    await page.getByRole("link", { name: "Glossaries" }).click()
    await expect(page).toHaveURL(/\/glossaries$/)
    await expect(page.getByText("No glossaries yet")).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "empty")

    await page.getByRole("button", { name: "New glossary" }).first().click()
    const dialog = page.getByRole("dialog", { name: "New glossary" })
    await dialog.getByLabel("Entries", { exact: true }).fill("source,target\nCart,\n")
    await dialog.getByRole("button", { name: "Create glossary" }).click()
    await expect(
      dialog.getByText("Glossary CSV line 2: both source and target are required"),
    ).toBeVisible()
    await dialog
      .getByLabel("Entries file")
      .setInputFiles(
        file("Checkout terms.csv", "source,target\nSign in,Anmelden\nCart,Warenkorb\n"),
      )
    await expect(dialog.getByLabel("Name")).toHaveValue("Checkout terms")
    await dialog.getByLabel("Language code").fill("de")
    await checkScreenInBothThemes(page, testInfo, "new")
    await dialog.getByRole("button", { name: "Create glossary" }).click()
    await expectToast(page, "Glossary created", "Checkout terms has 2 entries")

    const row = page.getByRole("row").filter({ hasText: "Checkout terms" })
    await expect(row.getByRole("cell")).toHaveText([/^Checkout terms/, "DE", "2", /\d/, ""])
    await checkScreenInBothThemes(page, testInfo, "list")
    await checkNarrow(page, testInfo, "list")

    await row.getByRole("button", { name: 'Rename "Checkout terms"' }).click()
    const rename = page.getByRole("dialog", { name: "Rename glossary" })
    await rename.getByLabel("Name").fill("Checkout (German)")
    await rename.getByRole("button", { name: "Save" }).click()
    await expectToast(page, "Glossary saved")
    const renamed = page.getByRole("row").filter({ hasText: "Checkout (German)" })

    await renamed.getByRole("button", { name: 'Replace entries of "Checkout (German)"' }).click()
    const replace = page.getByRole("dialog", { name: "Replace entries" })
    await replace
      .getByLabel("Entries file")
      .setInputFiles(file("de.tsv", "source\ttarget\nCart\tWarenkorb\nPay\tBezahlen\n=1+1\tZwei\n"))
    await replace.getByRole("button", { name: "Replace entries" }).click()
    await expectToast(page, "Entries replaced", "Checkout (German) now has 3 entries")
    await expect(renamed.getByRole("cell").nth(2)).toHaveText("3")

    const download = page.waitForEvent("download")
    await renamed.getByRole("button", { name: 'Download "Checkout (German)" as CSV' }).click()
    const saved = await download
    expect(saved.suggestedFilename()).toBe("Checkout (German).csv")
    expect(await readFile(await saved.path(), "utf8")).toBe(
      "\uFEFFsource,target\r\nCart,Warenkorb\r\nPay,Bezahlen\r\n'=1+1,Zwei\r\n",
    )

    await renamed.getByRole("button", { name: 'Delete "Checkout (German)"' }).click()
    const confirm = page.getByRole("alertdialog", { name: "Delete glossary?" })
    await expect(confirm).toContainText('"Checkout (German)" and its entries will be deleted')
    await confirm.getByRole("button", { name: "Delete" }).click()
    await expectToast(page, "Glossary deleted")
    await expect(page.getByText("No glossaries yet")).toBeVisible()
    await page.reload()
    await expect(page.getByText("No glossaries yet")).toBeVisible()
  })

  test("saves the Playground's CSV as a glossary and culturalizes with it", async ({ page }) => {
    await signedInAccount(page, "glossary-playground", {
      credits: 1000,
      languages: [["French", "FR"]],
    })
    await page.goto("/playground")
    await page
      .getByLabel("Glossary CSV")
      .setInputFiles(file("spring.csv", "source,target\nSpring Sale,Soldes de printemps\n"))
    await expectToast(page, "CSV uploaded", "spring.csv has been selected for glossary")
    await expect(page.getByRole("button", { name: "Save as glossary" })).toBeDisabled()
    await page.getByLabel("Target Language").click()
    await page.getByRole("option", { name: "French (FR)" }).click()
    await page.getByRole("button", { name: "Save as glossary" }).click()
    const name = page.getByRole("dialog", { name: "Save as glossary" })
    await expect(name.getByLabel("Name")).toHaveValue("spring")
    await name.getByRole("button", { name: "Save glossary" }).click()
    await expectToast(page, "Glossary saved", "spring is now a saved glossary")
    await expect(page.getByLabel("Saved glossary")).toHaveText("spring (FR)")

    // Only the stored glossary this time: the picked file is removed, yet its term is applied.
    await page.getByRole("button", { name: "Remove glossary" }).click()
    await expect(page.getByTestId("glossary-file")).toHaveCount(0)
    await page.getByLabel("Text to Culturalize").fill("Our Spring Sale starts today!")
    await page.getByRole("button", { name: "Culturalize", exact: true }).click()
    await expectToast(page, "Success!", "Text has been culturalized successfully")
    await expect(page.getByTestId("culturalized-text")).toContainText("Soldes de printemps")

    await page.getByRole("link", { name: "Glossaries" }).click()
    await expect(page.getByRole("row").filter({ hasText: "spring" })).toContainText("FR")
  })
})
