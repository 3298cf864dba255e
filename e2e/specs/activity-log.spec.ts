import { readFile, writeFile } from "node:fs/promises"

import { expect, type Page, test } from "@playwright/test"

import {
  expectFitsWidth,
  expectNoSeriousViolations,
  expectToast,
  saveScreenshot,
} from "../support/screens"
import { uniqueEmail } from "../support/server"
import { acceptInvitation, callApi, inviteMember } from "../support/team"
import { accessToken, checkScreenInBothThemes, signedInAccount } from "../support/workspace"

/** Picks `option` in the select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click()
  await page.getByRole("option", { name: option, exact: true }).click()
}

test.describe("activity log", () => {
  test.setTimeout(180_000)

  test("records style, brand voice, formality and memory imports; filters by action and member, shows the full time and exports the filtered rows", async ({
    page,
  }, testInfo) => {
    const owner = await signedInAccount(page, "activity-owner", { languages: [["German", "DE"]] })
    const admin = { email: uniqueEmail("activity-admin"), password: "admin-secret-42" }
    await inviteMember(await accessToken(owner), admin.email, "admin")
    const adminToken = await acceptInvitation(admin)
    const byAdmin = await callApi("/style-guide", adminToken, {
      method: "POST",
      body: { title: "Numbers", content: "Write numbers as digits." },
    })
    expect(byAdmin.status).toBe(201)

    // The owner's changes, made on the dashboard.
    await page.goto("/settings?tab=style")
    await page.getByLabel("Brand voice").fill("Warm, confident and direct.")
    await page.getByRole("button", { name: "Save brand voice" }).click()
    await expectToast(page, "Success", "Brand voice saved")
    await page.getByRole("button", { name: "Add style guide" }).click()
    const guide = page.getByRole("dialog", { name: "Add style guide" })
    await guide.getByLabel("Title").fill("Product names")
    await guide.getByLabel("Guide").fill("Never translate Nativ.")
    await guide.getByRole("button", { name: "Add guide" }).click()
    await expectToast(page, "Success", "Style guide added")

    await page.goto("/settings?tab=languages")
    await page.getByRole("button", { name: "Edit German" }).click()
    const language = page.getByRole("dialog", { name: "German (DE)" })
    await language.getByLabel("Formality").click()
    await page.getByRole("option", { name: "Formal", exact: true }).click()
    await language.getByRole("button", { name: "Save" }).click()
    await expectToast(page, "Success", "Language settings saved")

    await page.goto("/translation-memory")
    const csv = testInfo.outputPath("memory.csv")
    await writeFile(csv, "source,target\nSign in,Anmelden\nSign out,Abmelden\n")
    await page.getByRole("button", { name: "Import CSV" }).click()
    const upload = page.getByRole("dialog", { name: "Import CSV" })
    await upload.getByLabel("CSV or TMX file").setInputFiles(csv)
    await upload.getByRole("button", { name: "Target language: German" }).click()
    await upload.getByRole("button", { name: "Add 2 entries" }).click()
    await expectToast(page, "Import finished")

    // Every change is in the log, in the dashboard's words.
    await page.goto("/settings?tab=activity")
    const log = page.getByRole("list", { name: "Activity" })
    const entry = (text: string | RegExp) => log.getByRole("listitem").filter({ hasText: text })
    await expect(entry(`${owner.email} imported 2 translation memory entries`)).toBeVisible()
    await expect(entry(`${owner.email} set the formality of German (DE) to formal`)).toBeVisible()
    await expect(entry(`${owner.email} added style guide Product names`)).toBeVisible()
    await expect(entry(`${owner.email} changed the brand voice`)).toBeVisible()
    await expect(entry(`${admin.email} added style guide Numbers`)).toBeVisible()

    // The exact moment on hover, and on keyboard focus.
    const time = entry("imported 2 translation memory entries").locator("time")
    const full = await time.getAttribute("title")
    expect(full).toMatch(/^\w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2} [AP]M/)
    await time.hover()
    await expect(page.getByRole("tooltip")).toHaveText(full!)
    await page.mouse.move(0, 0)
    await time.focus()
    await expect(page.getByRole("tooltip")).toHaveText(full!)
    await page.keyboard.press("Escape")

    // By action: style guides and the brand voice only.
    await choose(page, "Action", "Style guides and brand voice")
    await expect(log.getByRole("listitem")).toHaveCount(3)
    await expect(entry("imported")).toHaveCount(0)
    // By member too: what the admin did.
    await choose(page, "Member", admin.email)
    await expect(log.getByRole("listitem")).toHaveCount(1)
    await expect(entry(`${admin.email} added style guide Numbers`)).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "filtered")

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = (await readFile(await download.path(), "utf8")).trimEnd().split("\r\n")
    expect(lines[0]).toBe("time,member,action,target,description,details")
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`${admin.email},style_guide.created,Numbers,`)

    // A filter with nothing to show says so.
    await choose(page, "Action", "Translation memory")
    await expect(page.getByText("No activity matches these filters.")).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "no-match")
    await page.getByRole("button", { name: "Clear filters" }).click()
    await expect(entry("imported 2 translation memory entries")).toBeVisible()

    // A small phone, in the dark theme: it fits and passes axe.
    await expectFitsWidth(page, 375)
    await page.setViewportSize({ width: 375, height: 812 })
    await page.emulateMedia({ colorScheme: "dark" })
    await expect(page.locator("html")).toHaveClass(/dark/)
    await expectNoSeriousViolations(page, "activity (375 px, dark)")
    await saveScreenshot(page, testInfo, "activity-log--375-dark.png", {
      fullPage: true,
      animations: "disabled",
    })
    // Every action again, one member: the admin joined and added a guide.
    await choose(page, "Member", admin.email)
    await expect(log.getByRole("listitem")).toHaveCount(2)
    await expect(entry(`${admin.email} joined`)).toBeVisible()
    await expectNoSeriousViolations(page, "activity filtered (375 px, dark)")
  })
})
