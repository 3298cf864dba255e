import { expect, test } from "@playwright/test"

import { signIn } from "../support/accounts"
import { checkNarrow, expectToast } from "../support/screens"
import { uniqueEmail } from "../support/server"
import { acceptInvitation, callApi, inviteMember } from "../support/team"
import { accessToken, checkScreenInBothThemes, signedInAccount } from "../support/workspace"

test.describe("style settings", () => {
  test.setTimeout(150_000)

  test("sets a language's formality and custom style, kept after a reload", async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, "style-language", {
      languages: [
        ["German", "DE"],
        ["French", "FR"],
      ],
    })
    await page.goto("/settings?tab=languages")
    const german = page.getByRole("row", { name: /^German DE/ })
    await expect(german).toContainText("Default")
    await expect(german).toContainText("None")

    await german.getByRole("button", { name: "Edit German" }).click()
    const dialog = page.getByRole("dialog", { name: "German (DE)" })
    await dialog.getByLabel("Formality").click()
    await page.getByRole("option", { name: "Informal", exact: true }).click()
    await dialog.getByLabel("Custom style").fill("Use the informal du; keep English product names.")
    await expect(dialog.getByText(/^48 \/ 2,000/)).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "language-dialog")
    await dialog.getByRole("button", { name: "Save" }).click()
    await expectToast(page, "Success", "Language settings saved")
    await expect(dialog).toHaveCount(0)

    await page.reload()
    await expect(german).toContainText("Informal")
    await expect(german).toContainText("Use the informal du; keep English product names.")
    await expect(page.getByRole("row", { name: /^French FR/ })).toContainText("Default")
    await checkScreenInBothThemes(page, testInfo, "languages")
    await checkNarrow(page, testInfo, "languages")

    const { json } = await callApi("/user/languages", await accessToken(account))
    expect((json as { languages: unknown[] }).languages).toContainEqual(
      expect.objectContaining({
        language: "German",
        formality: "informal",
        custom_style: "Use the informal du; keep English product names.",
      }),
    )

    // Back to the defaults: 'Default' and an emptied text send null.
    await german.getByRole("button", { name: "Edit German" }).click()
    await dialog.getByLabel("Formality").click()
    await page.getByRole("option", { name: "Default" }).click()
    await dialog.getByLabel("Custom style").fill("")
    await dialog.getByRole("button", { name: "Save" }).click()
    await expectToast(page, "Success", "Language settings saved")
    await page.reload()
    await expect(german).toContainText("Default")
    await expect(german).toContainText("None")
  })

  test("sets the brand voice, adds, disables, reorders and deletes style guides", async ({
    page,
  }, testInfo) => {
    await signedInAccount(page, "style-guides")
    await page.goto("/settings")
    await page.getByRole("tab", { name: "Style" }).click()
    await expect(page).toHaveURL(/\/settings\?tab=style$/)
    await expect(page.getByText("No style guides yet")).toBeVisible()
    await expect(page.getByText("0 of 50 guides")).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "style-empty")

    const voice = page.getByLabel("Brand voice")
    await voice.fill("Warm, confident and direct. Short sentences.")
    await expect(page.getByText(/^44 \/ 10,000/)).toBeVisible()
    await page.getByRole("button", { name: "Save brand voice" }).click()
    await expectToast(page, "Success", "Brand voice saved")

    for (const [title, text] of [
      ["Product names", "Never translate Nativ, Figma or Photoshop."],
      ["Numbers", "Write numbers as digits."],
      ["Legal", "Keep legal disclaimers word for word."],
    ]) {
      await page.getByRole("button", { name: "Add style guide" }).click()
      const dialog = page.getByRole("dialog", { name: "Add style guide" })
      await dialog.getByLabel("Title").fill(title!)
      await dialog.getByLabel("Guide").fill(text!)
      await dialog.getByRole("button", { name: "Add guide" }).click()
      await expectToast(page, "Success", "Style guide added")
      await expect(page.getByRole("listitem", { name: title })).toBeVisible()
    }
    const guides = page.getByRole("list", { name: "Style guides" }).getByRole("listitem")
    await expect(guides).toHaveCount(3)

    const numbers = page.getByRole("switch", { name: "Enable Numbers" })
    await numbers.click()
    await expect(numbers).toHaveAttribute("aria-checked", "false")
    await page.getByRole("button", { name: "Move Legal up" }).click()
    await expect(guides.nth(1)).toHaveAttribute("aria-label", "Legal")

    await page.getByRole("button", { name: "Show combined prompt" }).press("Enter")
    const prompt = page.getByTestId("combined-prompt")
    await expect(prompt).toContainText("Brand voice:\nWarm, confident and direct.")
    await expect(prompt).toContainText('Style guide "Legal"')
    await expect(prompt).not.toContainText("Numbers")
    const text = await prompt.innerText()
    expect(text.indexOf("Product names")).toBeLessThan(text.indexOf("Legal"))
    await checkScreenInBothThemes(page, testInfo, "style-guides")
    await checkNarrow(page, testInfo, "style-guides")

    await page.getByRole("button", { name: "Delete Product names" }).click()
    const confirm = page.getByRole("alertdialog", { name: "Delete style guide?" })
    await confirm.getByRole("button", { name: "Delete" }).click()
    await expectToast(page, "Success", "Style guide deleted")
    await expect(page.getByRole("listitem", { name: "Product names" })).toHaveCount(0)
    await expect(prompt).not.toContainText("Product names")

    await page.reload()
    await expect(guides).toHaveCount(2)
    await expect(guides.nth(0)).toHaveAttribute("aria-label", "Legal")
    await expect(page.getByRole("switch", { name: "Enable Numbers" })).toHaveAttribute(
      "aria-checked",
      "false",
    )
    await expect(voice).toHaveValue("Warm, confident and direct. Short sentences.")

    await page.getByRole("button", { name: "Clear", exact: true }).click()
    await page
      .getByRole("alertdialog", { name: "Clear the brand voice?" })
      .getByRole("button", { name: "Clear" })
      .click()
    await expectToast(page, "Success", "Brand voice cleared")
    await expect(voice).toHaveValue("")
  })

  test("members read the style settings without controls", async ({ page, browser }, testInfo) => {
    const owner = await signedInAccount(page, "style-owner")
    const ownerToken = await accessToken(owner)
    await callApi("/style-guide/prompt", ownerToken, { method: "PUT", body: { prompt: "Warm." } })
    await callApi("/style-guide", ownerToken, {
      method: "POST",
      body: { title: "Product names", content: "Never translate Nativ." },
    })
    const member = { email: uniqueEmail("style-member"), password: "member-secret-42" }
    await inviteMember(ownerToken, member.email, "member")
    await acceptInvitation(member)

    const context = await browser.newContext()
    const memberPage = await context.newPage()
    await signIn(memberPage, member)
    await memberPage.goto("/settings?tab=style")
    await expect(
      memberPage.getByText(/Only owners and admins can change the style settings/),
    ).toBeVisible()
    await expect(memberPage.getByLabel("Brand voice")).toHaveValue("Warm.")
    await expect(memberPage.getByLabel("Brand voice")).toHaveAttribute("readonly", "")
    await expect(memberPage.getByRole("listitem", { name: "Product names" })).toContainText(
      "Enabled",
    )
    await expect(memberPage.getByRole("switch")).toHaveCount(0)
    await expect(memberPage.getByRole("button", { name: "Add style guide" })).toHaveCount(0)
    await checkScreenInBothThemes(memberPage, testInfo, "style-member")
    await context.close()
  })
})
