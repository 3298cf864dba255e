import { expect, test } from "@playwright/test"

import { expectToast } from "../support/screens"
import { getConfig } from "../support/server"
import { checkScreenInBothThemes, signedInAccount } from "../support/workspace"

test.describe("settings", () => {
  test.setTimeout(120_000)

  test("shows General by default and keeps the active tab in the address", async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, "settings-tabs")
    await page.getByRole("link", { name: "Settings" }).click()
    await expect(page.getByText("Configure the Nativ Admin Dashboard.")).toBeVisible()
    await expect(page.getByRole("tab", { name: "General" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    await expect(page.getByLabel("Company Name")).toHaveValue("Acme Localization")
    await expect(page.getByLabel("Company Name")).toHaveAttribute("readonly", "")
    await expect(page.getByLabel("Email")).toHaveValue(account.email)
    await checkScreenInBothThemes(page, testInfo, "general")

    await page.getByRole("tab", { name: "About" }).click()
    await expect(page).toHaveURL(/\/settings\?tab=about$/)
    await expect(page.getByText("1.0.0")).toBeVisible()
    const { supportEmail } = (await getConfig()) as unknown as { supportEmail: string }
    await expect(page.getByRole("link", { name: supportEmail })).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "about")

    await page.getByRole("tab", { name: "Languages" }).click()
    await expect(page).toHaveURL(/\/settings\?tab=languages$/)
    await page.reload()
    await expect(page.getByRole("tab", { name: "Languages" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    await page.getByRole("tab", { name: "Languages" }).press("ArrowRight")
    await expect(page).toHaveURL(/\/settings\?tab=connected-apps$/)
    await page.getByRole("tab", { name: "General" }).click()
    await expect(page).toHaveURL(/\/settings$/)
  })

  test("adds, refuses a duplicate, deletes languages, and the Playground offers them", async ({
    page,
  }, testInfo) => {
    await signedInAccount(page, "settings-languages")
    await page.goto("/settings?tab=languages")
    await expect(page.getByText("No languages added yet")).toBeVisible()
    await expect(page.getByText("Add your first language using the form below.")).toBeVisible()

    const name = page.getByLabel("Language Name *")
    const code = page.getByLabel("Language Code *")
    const add = page.getByRole("button", { name: "Add Language" })
    await expect(name).toHaveAttribute("placeholder", "e.g. French, Spanish, German")
    await expect(code).toHaveAttribute("placeholder", "e.g. FR, ES, DE")
    await expect(add).toBeDisabled()

    await name.fill("  French ")
    await code.fill("fr")
    await expect(code).toHaveValue("FR")
    await add.click()
    await expectToast(page, "Success", "Language added successfully")
    await expect(name).toHaveValue("")
    await expect(page.getByRole("row", { name: "French FR" })).toBeVisible()

    // A code already in the list is refused under the field.
    await name.fill("Français")
    await code.fill("fr")
    await expect(code).toHaveAccessibleDescription("FR is already in your list")
    await expect(add).toBeDisabled()

    // A name or code of only spaces is blank: the button stays disabled.
    await name.fill("   ")
    await code.fill("de")
    await expect(add).toBeDisabled()
    await name.fill("German")
    await code.fill("  ")
    await expect(add).toBeDisabled()

    // A 6th character is refused with a message, not cut.
    await code.fill("deutsch")
    await expect(code).toHaveValue("DEUTSCH")
    await expect(code).toHaveAccessibleDescription("The code can be at most 5 characters")
    await expect(add).toBeDisabled()
    await name.fill("German")
    await code.fill("de")
    await add.click()
    await expect(page.getByRole("row", { name: "German DE" })).toBeVisible()
    await name.fill("Spanish")
    await code.fill("es")
    await add.click()
    await expect(page.getByRole("row", { name: "Spanish ES" })).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "languages")

    await page.getByRole("button", { name: "Delete Spanish" }).click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click()
    await expectToast(page, "Success", "Language deleted successfully")
    await expect(page.getByRole("row", { name: "Spanish ES" })).toHaveCount(0)

    await page.getByRole("link", { name: "Playground", exact: true }).click()
    await page.getByLabel("Target Language").click()
    await expect(page.getByRole("option")).toHaveText(["French (FR)", "German (DE)"])
  })

  test("suggests languages by name and fills the code; refuses an ill-formed or duplicate code inline", async ({
    page,
  }, testInfo) => {
    await signedInAccount(page, "settings-suggest", { languages: [["French", "FR"]] })
    await page.goto("/settings?tab=languages")
    await expect(page.getByRole("row", { name: "French FR" })).toBeVisible()
    const name = page.getByRole("combobox", { name: "Language Name *" })
    const code = page.getByLabel("Language Code *")
    const add = page.getByRole("button", { name: "Add Language" })

    await name.pressSequentially("Japan")
    const suggestions = page.getByRole("listbox", { name: "Suggested languages" })
    await expect(suggestions.getByRole("option").first()).toHaveText("JapaneseJA")
    await checkScreenInBothThemes(page, testInfo, "language-suggestions")
    await name.press("ArrowDown")
    await name.press("Enter")
    await expect(name).toHaveValue("Japanese")
    await expect(code).toHaveValue("JA")
    await expect(suggestions).toBeHidden()

    await code.fill("1!")
    await expect(code).toHaveAccessibleDescription(/Enter a language code such as FR, ES or PT-BR/)
    await expect(add).toBeDisabled()
    await code.fill("fr")
    await expect(code).toHaveAccessibleDescription("FR is already in your list")
    await expect(add).toBeDisabled()

    await code.fill("ja")
    await add.click()
    await expectToast(page, "Success", "Language added successfully")
    await expect(page.getByRole("row", { name: "Japanese JA" })).toBeVisible()

    // At 375 px the suggestions stay within the screen.
    await page.setViewportSize({ width: 375, height: 740 })
    await name.pressSequentially("Portuguese (Bra")
    const option = page.getByRole("option", { name: /Portuguese \(Brazil\)/ })
    await expect(option).toBeVisible()
    const box = await option.boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(375)
    await option.click()
    await expect(code).toHaveValue("PT-BR")
  })
})
