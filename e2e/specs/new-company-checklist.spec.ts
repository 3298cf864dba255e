import { expect, type Page, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { checkNarrowInBothThemes } from "../support/narrow-themes"
import { uniqueEmail } from "../support/server"
import { acceptInvitation, callApi, inviteMember } from "../support/team"
import {
  accessToken,
  checkScreenInBothThemes,
  grantCredits,
  signedInAccount,
} from "../support/workspace"

const card = (page: Page) => page.getByRole("region", { name: "Get started" })
const step = (page: Page, title: string, state: "done" | "to do") =>
  card(page).getByRole("link", { name: new RegExp(`^${title}\\s*\\(${state}\\)$`) })

test.describe("a new company's Get started checklist", () => {
  test.setTimeout(120_000)

  test("an owner's five steps turn done one by one, link where each is done, and the card goes", async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, "first-steps")
    await expect(card(page)).toContainText("0 of 5 done.")
    for (const title of [
      "Add a language",
      "Get credits",
      "Try the Playground",
      "Create an API key",
      "Get a plugin",
    ])
      await expect(step(page, title, "to do")).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "new")
    await checkNarrowInBothThemes(page, testInfo, "new")

    await step(page, "Add a language", "to do").click()
    await expect(page.getByRole("tab", { name: "Languages" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    await page.getByLabel("Language Name *").fill("French")
    await page.getByLabel("Language Code *").fill("FR")
    await page.getByRole("button", { name: "Add Language" }).click()
    await expect(page.getByRole("row", { name: "French FR" })).toBeVisible()
    await grantCredits(account.userId, 100)
    await page.getByRole("link", { name: "Dashboard" }).click()
    await expect(step(page, "Add a language", "done")).toBeVisible()
    await expect(step(page, "Get credits", "done")).toBeVisible()
    await expect(card(page)).toContainText("2 of 5 done.")

    // A run from the Playground and a key, made on the real server as those pages make them.
    const token = await accessToken(account)
    const run = await callApi("/text/culturalize", token, {
      method: "POST",
      body: { text: "Hello", language: "French", language_code: "FR", tool: "dashboard" },
    })
    expect(run.status, JSON.stringify(run.json)).toBe(200)
    const key = await callApi("/api-keys", token, { method: "POST", body: { name: "first" } })
    expect(key.status, JSON.stringify(key.json)).toBe(201)
    await page.reload()
    await expect(step(page, "Try the Playground", "done")).toBeVisible()
    await expect(step(page, "Create an API key", "done")).toBeVisible()
    await checkNarrowInBothThemes(page, testInfo, "four-done")

    await step(page, "Get a plugin", "to do").click()
    await expect(page.getByRole("heading", { name: "Plugins", level: 1 })).toBeVisible()
    await page.getByRole("link", { name: "Dashboard" }).click()
    await page.waitForLoadState("networkidle")
    await expect(page.getByText("Operations Today")).toBeVisible()
    await expect(card(page)).toBeHidden()

    // Done once stays done: spending the balance to 0 does not bring the card back.
    await grantCredits(account.userId, 0)
    await page.reload({ waitUntil: "networkidle" })
    await expect(page.getByText("Recent Activity")).toBeVisible()
    await expect(card(page)).toBeHidden()
  })

  test("dismissing keeps the card away for the company after a reload", async ({ page }) => {
    await signedInAccount(page, "first-steps-dismiss")
    await expect(card(page)).toBeVisible()
    await page.getByRole("button", { name: "Dismiss Get started" }).click()
    await expect(card(page)).toBeHidden()
    // Once every read is answered, so the card is hidden by the dismissal, not still loading.
    await page.reload({ waitUntil: "networkidle" })
    await expect(page.getByText("Recent Activity")).toBeVisible()
    await expect(card(page)).toBeHidden()
  })

  test("a member sees only the steps a member can take", async ({ page }) => {
    const owner = await createConfirmedAccount("first-steps-owner")
    const member = { email: uniqueEmail("first-steps-member"), password: "member-password-1" }
    await inviteMember(await accessToken(owner), member.email, "member")
    await acceptInvitation(member)
    await signIn(page, member)
    await expect(card(page)).toContainText("0 of 3 done.")
    await expect(card(page).getByRole("link")).toHaveText([
      /^Try the Playground/,
      /^Create an API key/,
      /^Get a plugin/,
    ])
  })
})
