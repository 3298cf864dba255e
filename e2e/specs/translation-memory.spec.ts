import { readFile, writeFile } from "node:fs/promises"
import { expect, type Page, test } from "@playwright/test"

import { signIn } from "../support/accounts"
import { checkNarrow, expectToast } from "../support/screens"
import { uniqueEmail } from "../support/server"
import { acceptInvitation, callApi, inviteMember } from "../support/team"
import { accessToken, checkScreenInBothThemes, signedInAccount } from "../support/workspace"

const LANGUAGES: [string, string][] = [
  ["French", "FR"],
  ["German", "DE"],
]

const entriesTable = (page: Page) => page.getByRole("table", { name: "Translation memory entries" })
const row = (page: Page, sourceText: string) =>
  entriesTable(page).getByRole("row").filter({ hasText: sourceText })
/** The Languages cell, named as a screen reader reads it ("EN to DE"; the arrow is hidden). */
const languages = (entry: ReturnType<typeof row>, name: string) =>
  entry.getByRole("cell", { name, exact: true })

/** The three totals above the table, read as one text ("Entries2Enabled1Disabled1"). */
async function expectTotals(page: Page, total: number, enabled: number) {
  await expect(page.getByLabel("Translation memory totals")).toHaveText(
    `Entries${total}Enabled${enabled}Disabled${total - enabled}`,
  )
}

/** Picks `option` in the filter bar's select labelled `label`. */
async function filterBy(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).first().click()
  await page.getByRole("option", { name: option, exact: true }).click()
}

type NewEntry = {
  source_text: string
  target_text: string
  target_language_code: string
  information_source?: string
  source_name?: string
  enabled?: boolean
}

async function addEntries(token: string, entries: NewEntry[]) {
  for (const entry of entries) {
    const { status, json } = await callApi("/master-tm/entries", token, {
      method: "POST",
      body: { source_language_code: "en", ...entry },
    })
    expect(status, JSON.stringify(json)).toBe(201)
  }
}

test.describe("translation memory", () => {
  test.setTimeout(150_000)

  test("starts empty, adds an entry through the dialog, edits, switches it off and on and deletes it", async ({
    page,
  }, testInfo) => {
    await signedInAccount(page, "tm-entries", { languages: LANGUAGES })
    await page.getByRole("link", { name: "Translation Memory" }).click()
    await expect(page).toHaveURL(/\/translation-memory$/)
    await expect(page.getByRole("heading", { name: "Translation Memory", level: 1 })).toBeVisible()
    await expect(page.getByText("No entries yet")).toBeVisible()
    await expectTotals(page, 0, 0)
    await checkScreenInBothThemes(page, testInfo, "empty")

    await page.getByRole("button", { name: "Add entry" }).first().click()
    const dialog = page.getByRole("dialog", { name: "Add entry" })
    await dialog.getByRole("button", { name: "Add entry" }).click()
    await expect(dialog.getByText("Source text cannot be empty")).toBeVisible()
    await expect(dialog.getByText("Translation cannot be empty")).toBeVisible()
    await dialog.getByLabel("Source text").fill("Add to cart")
    await dialog.getByLabel("Translation").fill("In den Warenkorb")
    await expect(dialog.getByLabel("Source language")).toHaveValue("en")
    await dialog.getByRole("button", { name: "Target language: German" }).click()
    await expect(dialog.getByLabel("Target language", { exact: true })).toHaveValue("de")
    await dialog.getByLabel("Label (optional)").fill("Checkout button")
    await checkScreenInBothThemes(page, testInfo, "add-dialog")
    await dialog.getByRole("button", { name: "Add entry" }).click()
    await expectToast(page, "Entry added")
    await expect(dialog).toHaveCount(0)

    const entry = row(page, "Add to cart")
    await expect(entry).toContainText("In den Warenkorb")
    await expect(languages(entry, "EN to DE")).toBeVisible()
    await expect(entry).toContainText("Manual")
    await expect(entry).toContainText("Checkout button")
    await expect(page.getByText("Showing 1-1 of 1 entry")).toBeVisible()
    await expectTotals(page, 1, 1)

    await entry.getByRole("button", { name: 'Edit translation of "Add to cart"' }).click()
    const edit = page.getByRole("dialog", { name: "Edit translation" })
    await expect(edit).toContainText("From EN to DE.")
    await expect(edit.getByLabel("Translation")).toHaveValue("In den Warenkorb")
    await edit.getByLabel("Translation").fill("   ")
    await edit.getByRole("button", { name: "Save" }).click()
    await expect(edit.getByText("Translation cannot be empty")).toBeVisible()
    await edit.getByLabel("Translation").fill("Zum Warenkorb hinzufügen")
    await edit.getByRole("button", { name: "Save" }).click()
    await expectToast(page, "Translation updated")
    await expect(edit).toHaveCount(0)
    await expect(entry).toContainText("Zum Warenkorb hinzufügen")

    const enabled = entry.getByRole("switch", { name: 'Enabled: "Add to cart"' })
    await enabled.click()
    await expect(enabled).toHaveAttribute("aria-checked", "false")
    await expectTotals(page, 1, 0)
    await page.reload()
    await expect(enabled).toHaveAttribute("aria-checked", "false")
    await enabled.click()
    await expect(enabled).toHaveAttribute("aria-checked", "true")
    await expectTotals(page, 1, 1)
    await checkScreenInBothThemes(page, testInfo, "one-entry")

    await entry.getByRole("button", { name: 'Delete "Add to cart"' }).click()
    const confirm = page.getByRole("alertdialog", { name: "Delete entry?" })
    await expect(confirm).toContainText('"Add to cart" and its translation will be removed')
    await confirm.getByRole("button", { name: "Cancel" }).click()
    await expect(entry).toHaveCount(1)
    await entry.getByRole("button", { name: 'Delete "Add to cart"' }).click()
    await confirm.getByRole("button", { name: "Delete" }).click()
    await expectToast(page, "Entry deleted")
    await expect(page.getByText("No entries yet")).toBeVisible()
    await expectTotals(page, 0, 0)
  })

  test("searches and filters, kept in the address through a reload, and fits a 360 px phone", async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, "tm-filters", { languages: LANGUAGES })
    await addEntries(await accessToken(account), [
      { source_text: "Add to cart", target_text: "Ajouter au panier", target_language_code: "fr" },
      { source_text: "Add to cart", target_text: "In den Warenkorb", target_language_code: "de" },
      {
        source_text: "Free shipping on orders over $50",
        target_text: "Livraison gratuite dès 50 $",
        target_language_code: "fr",
        information_source: "import",
        source_name: "Banner",
      },
      {
        source_text: "Checkout",
        target_text: "Kasse",
        target_language_code: "de",
        enabled: false,
      },
    ])
    await page.goto("/translation-memory")
    await expect(page.getByText("Showing 1-4 of 4 entries")).toBeVisible()
    await expectTotals(page, 4, 3)

    await page.getByLabel("Search").fill("cart")
    await expect(page).toHaveURL(/\?q=cart$/)
    await expect(page.getByText("Showing 1-2 of 2 entries")).toBeVisible()
    await filterBy(page, "Target language", "French (FR)")
    await expect(page).toHaveURL(/\?q=cart&target=fr$/)
    await expect(page.getByText("Showing 1-1 of 1 entry")).toBeVisible()
    await expect(row(page, "Add to cart")).toContainText("Ajouter au panier")

    await page.reload()
    await expect(page.getByLabel("Search")).toHaveValue("cart")
    await expect(page.getByLabel("Target language", { exact: true })).toContainText("French (FR)")
    await expect(page.getByText("Showing 1-1 of 1 entry")).toBeVisible()

    // A search that matches the translation, not the source; then a source no entry has.
    await page.getByLabel("Search").fill("livraison")
    await expect(page).toHaveURL(/\?q=livraison&target=fr$/)
    await expect(row(page, "Free shipping")).toContainText("Import")
    await filterBy(page, "Source", "Approved")
    await expect(page).toHaveURL(/source=approved/)
    await expect(page.getByText("No entries match these filters")).toBeVisible()
    await page.getByRole("button", { name: "Clear filters" }).click()
    await expect(page).toHaveURL(/\/translation-memory$/)
    await expect(page.getByLabel("Search")).toHaveValue("")
    await expect(page.getByText("Showing 1-4 of 4 entries")).toBeVisible()

    await page.getByRole("switch", { name: "Enabled only" }).click()
    await expect(page).toHaveURL(/\?enabled=1$/)
    await expect(page.getByText("Showing 1-3 of 3 entries")).toBeVisible()
    await expect(row(page, "Checkout")).toHaveCount(0)
    await page.goBack()
    await expect(page.getByText("Showing 1-4 of 4 entries")).toBeVisible()
    await expect(row(page, "Checkout")).toContainText("Kasse")
    await checkScreenInBothThemes(page, testInfo, "entries")
    await checkNarrow(page, testInfo, "entries")
  })

  test("imports a CSV file after a preview, adds nothing when it is imported again, then exports the entries as CSV", async ({
    page,
  }, testInfo) => {
    await signedInAccount(page, "tm-csv", { languages: LANGUAGES })
    await page.goto("/translation-memory")
    await expect(page.getByText("No entries yet")).toBeVisible()

    const file = testInfo.outputPath("entries.csv")
    await writeFile(
      file,
      [
        "source,target,name",
        "Sign in,Anmelden,Header",
        '"Hello, world",Hallo Welt,',
        "Sign out,,Header",
        "",
        "Your order has shipped,Ihre Bestellung wurde versandt,Email",
      ].join("\n"),
    )
    await page.getByRole("button", { name: "Import CSV" }).click()
    const dialog = page.getByRole("dialog", { name: "Import CSV" })
    await dialog.getByLabel("CSV or TMX file").setInputFiles(file)
    await expect(
      dialog.getByText("Choose the language of rows without a target_language"),
    ).toBeVisible()
    await expect(dialog.getByRole("button", { name: "Add entries" })).toBeDisabled()
    await dialog.getByRole("button", { name: "Target language: German" }).click()
    await expect(dialog.getByRole("status")).toHaveText(
      "3 rows will be imported. Entries already in the memory are left unchanged. 1 row has errors and will be skipped.",
    )
    await expect(dialog.getByRole("list", { name: "Rows with errors" })).toHaveText(
      "Row 4: target cannot be empty",
    )
    await checkScreenInBothThemes(page, testInfo, "import-preview")
    await dialog.getByRole("button", { name: "Add 3 entries" }).click()
    // The server reads the file once and reports what it added, left unchanged and refused.
    await expectToast(
      page,
      "Import finished",
      "3 entries added, 0 unchanged (already in the memory), 1 failed",
    )
    await expect(dialog.getByRole("list", { name: "Rows not added" })).toContainText("Row 4:")
    await dialog.getByRole("button", { name: "Done" }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByText("Showing 1-3 of 3 entries")).toBeVisible()

    // The same file again: every entry is already in the memory, so nothing is added.
    await page.getByRole("button", { name: "Import CSV" }).click()
    await dialog.getByLabel("CSV or TMX file").setInputFiles(file)
    await dialog.getByRole("button", { name: "Target language: German" }).click()
    await dialog.getByRole("button", { name: "Add 3 entries" }).click()
    await expect(dialog.getByRole("status")).toHaveText(
      "0 entries added, 3 unchanged (already in the memory), 1 failed.",
    )
    await dialog.getByRole("button", { name: "Done" }).click()
    await expect(dialog).toHaveCount(0)

    await expect(page.getByText("Showing 1-3 of 3 entries")).toBeVisible()
    await expectTotals(page, 3, 3)
    for (const [source, target] of [
      ["Sign in", "Anmelden"],
      ["Hello, world", "Hallo Welt"],
      ["Your order has shipped", "Ihre Bestellung wurde versandt"],
    ]) {
      await expect(row(page, source!)).toContainText(`${target}`)
      await expect(row(page, source!)).toContainText("Import")
      await expect(languages(row(page, source!), "EN to DE")).toBeVisible()
    }

    // Only what the filters show is exported.
    await page.getByLabel("Search").fill("Sign")
    await expect(page.getByText("Showing 1-1 of 1 entry")).toBeVisible()
    await page.getByLabel("Search").fill("")
    await expect(page.getByText("Showing 1-3 of 3 entries")).toBeVisible()
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ])
    await expectToast(page, "Export ready", "3 entries saved as CSV")
    expect(download.suggestedFilename()).toMatch(/^translation-memory-\d{4}-\d{2}-\d{2}\.csv$/)
    const saved = testInfo.outputPath(download.suggestedFilename())
    await download.saveAs(saved)
    const text = await readFile(saved, "utf8")
    expect(text.startsWith("\uFEFF")).toBe(true)
    const lines = text.slice(1).trimEnd().split("\r\n")
    expect(lines[0]).toBe(
      "source,target,source_language,target_language,name,information_source,enabled,created_at,updated_at",
    )
    // Rows added in one request share their time, so compare them as a set.
    expect(
      lines
        .slice(1)
        .map((line) => line.split(",").slice(0, -2).join(","))
        .sort(),
    ).toEqual(
      [
        '"Hello, world",Hallo Welt,en,de,,import,true',
        "Sign in,Anmelden,en,de,Header,import,true",
        "Your order has shipped,Ihre Bestellung wurde versandt,en,de,Email,import,true",
      ].sort(),
    )
  })

  // The e2e server runs the offline engine, whose words are not translated: a Good rating of its
  // result stays out of the memory (a model's result is kept: feedback-memory-rule.test.ts).
  test("a Good rating of an untranslated Playground result is saved as feedback, not as an approved entry", async ({
    page,
  }) => {
    await signedInAccount(page, "tm-approved", { credits: 100, languages: [["French", "FR"]] })
    await page.goto("/playground")
    await page.getByLabel("Text to Culturalize").fill("The sale ends on 12/31/2026.")
    await page.getByLabel("Target Language").click()
    await page.getByRole("option", { name: "French (FR)" }).click()
    await page.getByRole("button", { name: "Culturalize", exact: true }).click()
    await expectToast(page, "Success!", "Text has been culturalized successfully")
    await expect(
      page.getByText("A Good rating of this result is not kept in your translation memory"),
    ).toBeVisible()
    await page.getByRole("radio", { name: "Good" }).click()
    await page.getByRole("button", { name: "Submit Feedback" }).click()
    await expect(page.getByText("Feedback submitted successfully!")).toBeVisible()

    await page.getByRole("link", { name: "Translation Memory" }).click()
    await expect(page.getByText("No entries yet")).toBeVisible()
  })

  test("a member sees the company's entries and, as the API allows, edits them too", async ({
    page,
    browser,
  }) => {
    const owner = await signedInAccount(page, "tm-owner", { languages: LANGUAGES })
    const ownerToken = await accessToken(owner)
    await addEntries(ownerToken, [
      { source_text: "Checkout", target_text: "Kasse", target_language_code: "de" },
    ])
    const member = { email: uniqueEmail("tm-member"), password: "member-secret-42" }
    await inviteMember(ownerToken, member.email, "member")
    await acceptInvitation(member)

    const context = await browser.newContext()
    const memberPage = await context.newPage()
    await signIn(memberPage, member)
    await memberPage.goto("/translation-memory")
    const entry = row(memberPage, "Checkout")
    await expect(entry).toContainText("Kasse")
    await expectTotals(memberPage, 1, 1)
    await entry.getByRole("switch", { name: 'Enabled: "Checkout"' }).click()
    await expectTotals(memberPage, 1, 0)
    await context.close()

    const { json } = await callApi("/master-tm/stats", ownerToken)
    expect(json).toMatchObject({ total: 1, enabled: 0, disabled: 1 })
  })
})
