import { expect, type Page, test, type TestInfo } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import {
  expectFitsWidth,
  expectNoSeriousViolations,
  expectToast,
  saveScreenshot,
} from "../support/screens"
import { seedOperations } from "../support/seed"
import { uniqueEmail } from "../support/server"
import { acceptInvitation, callApi, inviteMember } from "../support/team"
import { accessToken, checkScreenInBothThemes, signedInAccount } from "../support/workspace"

const rows = (page: Page) => page.getByRole("table", { name: "Operations" }).locator("tbody tr")

async function culturalizeInPlayground(page: Page, text: string) {
  await page.goto("/playground")
  await page.getByLabel("Target Language").click()
  await page.getByRole("option", { name: "French (FR)" }).click()
  await page.getByLabel("Text to Culturalize").fill(text)
  await page.getByRole("button", { name: "Culturalize", exact: true }).click()
  await expectToast(page, "Success!", "Text has been culturalized successfully")
  return page.getByTestId("culturalized-text").innerText()
}

/** The value shown beside `label` in the open detail. */
const field = (page: Page, label: string) =>
  page
    .getByRole("dialog")
    .locator("dt", { hasText: label })
    .locator("xpath=following-sibling::dd[1]")

/** At 375 px in the dark theme: audited with axe, then captured under e2e/screenshots/. */
async function phoneDark(page: Page, testInfo: TestInfo, name: string) {
  const original = page.viewportSize()
  await page.setViewportSize({ width: 375, height: 812 })
  await page.emulateMedia({ colorScheme: "dark" })
  await expect(page.locator("html")).toHaveClass(/dark/)
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 })
  await expectNoSeriousViolations(page, `${name} (375 px, dark)`)
  await saveScreenshot(page, testInfo, `operations-detail--${name}--375-dark.png`, {
    fullPage: true,
    animations: "disabled",
  })
  await page.emulateMedia({ colorScheme: "light" })
  if (original) await page.setViewportSize(original)
}

test.describe("operation detail", () => {
  test.setTimeout(150_000)

  test("an owner opens a Playground run's detail, turns on keeping texts, and then reads them", async ({
    page,
  }, testInfo) => {
    await signedInAccount(page, "ops-detail-owner", {
      credits: 1000,
      languages: [["French", "FR"]],
    })
    const text = "Our Spring Sale starts on 03/15/2026."
    await culturalizeInPlayground(page, text)

    await page.goto("/operations")
    await rows(page).first().click()
    const dialog = page.getByRole("dialog", { name: "Operation details" })
    await expect(dialog).toBeVisible()
    await expect(field(page, "Tool")).toHaveText("dashboard")
    await expect(field(page, "Language")).toHaveText("French")
    await expect(field(page, "Characters")).toHaveText(String(text.length))
    await expect(field(page, "Cost")).toHaveText("1 credit")
    await expect(field(page, "From memory")).toHaveText("No")
    await expect(field(page, "Engine and model")).toHaveText("offline")
    await expect(field(page, "Duration")).toHaveText(/^\d+ ms$|^[\d.]+ s$/)
    await expect(field(page, "File id")).toHaveText("—")
    await expect(field(page, "API key or member")).toContainText("@")
    await expect(dialog.getByTestId("texts-not-kept")).toContainText(
      "The texts of this request were not kept.",
    )
    await expect(dialog.getByRole("link", { name: "Settings" })).toBeVisible()
    await phoneDark(page, testInfo, "detail-not-kept")

    // Keyboard: Escape closes and gives focus back to the row; Enter on it opens it again.
    await page.keyboard.press("Escape")
    await expect(dialog).toBeHidden()
    await expect(rows(page).first()).toBeFocused()
    await page.keyboard.press("Enter")
    await expect(dialog).toBeVisible()
    await page.keyboard.press("Escape")

    await page.goto("/settings")
    const keep = page.getByRole("switch", { name: "Keep request texts for 30 days" })
    await expect(keep).toHaveAttribute("aria-checked", "false")
    await keep.click()
    await expectToast(page, "Success", "Request texts are kept for 30 days")
    await expect(keep).toHaveAttribute("aria-checked", "true")
    await checkScreenInBothThemes(page, testInfo, "settings-keep-on")
    await phoneDark(page, testInfo, "settings-keep-on")
    await expectFitsWidth(page, 375)

    const kept = "Free shipping on orders over $50 until 12/31."
    const result = await culturalizeInPlayground(page, kept)
    await page.goto("/operations")
    await rows(page).first().click()
    await expect(dialog.getByRole("heading", { name: "Texts" })).toBeVisible()
    await expect(dialog).toContainText(kept)
    await expect(dialog).toContainText(result)
    await expect(dialog).toContainText(/Kept until .+, then deleted\./)
    await phoneDark(page, testInfo, "detail-kept")
    await expectFitsWidth(page, 375)
  })

  test("a member sees the setting read-only and the server refuses their change", async ({
    page,
  }) => {
    const owner = await createConfirmedAccount("ops-detail-team")
    const ownerToken = await accessToken(owner)
    const member = { email: uniqueEmail("ops-detail-member"), password: "member secret 42" }
    await inviteMember(ownerToken, member.email, "member")
    const memberToken = await acceptInvitation(member)

    await signIn(page, member)
    await page.goto("/settings")
    const keep = page.getByRole("switch", { name: "Keep request texts for 30 days" })
    await expect(keep).toBeDisabled()
    await expect(keep).toHaveAttribute("aria-checked", "false")
    await expect(page.getByText("Only owners can change this setting.")).toBeVisible()

    const refused = await callApi("/settings/request-texts", memberToken, {
      method: "PATCH",
      body: { enabled: true },
    })
    expect(refused.status).toBe(403)
    expect((refused.json as { error: { code: string } }).error.code).toBe("forbidden")
    const read = await callApi("/settings/request-texts", memberToken)
    expect(read.json).toEqual({ enabled: false, days: 30 })
  })

  test("at 375 px the filters fold behind a 'Filters' button that counts the active ones", async ({
    page,
  }, testInfo) => {
    const account = await createConfirmedAccount("ops-detail-filters")
    const now = Date.now()
    await seedOperations(
      account.userId,
      [0, 1, 2].map((i) => ({
        action: "culturalize_text",
        file_id: `file-${i}`,
        language: "German",
        tool: i === 0 ? "figma" : "api",
        cost: 1,
        created_at: new Date(now - i * 60_000).toISOString(),
      })),
    )
    await signIn(page, account)
    await page.setViewportSize({ width: 375, height: 812 })
    await page.goto("/operations?tool=api")
    const button = page.getByRole("button", { name: "Filters, 1 active" })
    await expect(button).toBeVisible()
    await expect(button).toHaveAttribute("aria-expanded", "false")
    await expect(page.getByLabel("From")).toBeHidden()
    await expect(rows(page)).toHaveCount(2)
    await expectFitsWidth(page, 375)
    await page.setViewportSize({ width: 375, height: 812 })
    await phoneDark(page, testInfo, "filters-folded")

    await button.click()
    await expect(button).toHaveAttribute("aria-expanded", "true")
    await expect(page.getByLabel("From")).toBeVisible()
    await expect(page.getByRole("button", { name: "Clear filters" })).toBeVisible()
    await phoneDark(page, testInfo, "filters-open")

    // Wider screens show the filters as before, with no button.
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden()
    await expect(page.getByLabel("From")).toBeVisible()
  })
})
