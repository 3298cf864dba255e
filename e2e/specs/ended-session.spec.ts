import { type Browser, expect, type Page, test, type TestInfo } from "@playwright/test"

import { signIn } from "../support/accounts"
import { expectNoSeriousViolations, expectToast, saveScreenshot } from "../support/screens"
import { uniqueEmail } from "../support/server"
import { acceptInvitation, callApi, inviteMember } from "../support/team"
import { accessToken, signedInAccount } from "../support/workspace"

const ENDED = "Your session ended. Sign in again."

/** The screen at 375 px in the dark theme: audited, then captured under e2e/screenshots/. */
async function phoneDark(page: Page, testInfo: TestInfo, name: string) {
  const original = page.viewportSize()
  await page.setViewportSize({ width: 375, height: 812 })
  await page.emulateMedia({ colorScheme: "dark" })
  await expect(page.locator("html")).toHaveClass(/dark/)
  await expectNoSeriousViolations(page, `${name} (375 px, dark)`)
  await saveScreenshot(page, testInfo, `ended-session--${name}--375-dark.png`, {
    fullPage: true,
    animations: "disabled",
  })
  await page.emulateMedia({ colorScheme: "light" })
  if (original) await page.setViewportSize(original)
}

/** A second browser: its own context, so its own session. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext()
  return { context, page: await context.newPage() }
}

/**
 * Watches the page for texts it must never show from here on (a false empty state, a Buy Credits
 * button for someone without a role); `seen()` names those that appeared, even for a moment.
 */
async function watchFor(page: Page, texts: string[]) {
  await page.evaluate((watched) => {
    const w = window as unknown as { __seen: string[] }
    w.__seen = []
    const check = () => {
      const shown = document.body.innerText
      for (const text of watched)
        if (shown.includes(text) && !w.__seen.includes(text)) w.__seen.push(text)
    }
    check()
    new MutationObserver(check).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    })
  }, texts)
  return { seen: () => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen) }
}

test.describe("a session that ended elsewhere", () => {
  test.setTimeout(120_000)

  test("'Sign out of other devices' sends the other tab to /auth with why, never to an empty list", async ({
    page,
    browser,
  }, testInfo) => {
    const account = await signedInAccount(page, "ended-others", {
      languages: [["French", "FR"]],
    })
    await page.goto("/settings?tab=languages")
    await expect(page.getByRole("row", { name: /French/ })).toBeVisible()

    const laptop = await otherBrowser(browser)
    await signIn(laptop.page, account)
    await laptop.page.goto("/settings?tab=security")
    await laptop.page.getByRole("button", { name: "Sign out of other devices" }).click()
    await expectToast(laptop.page, "Signed out of other devices")
    await laptop.context.close()

    // This tab still shows the shell; its next read of the product API is refused.
    const watch = await watchFor(page, ["No API keys found", "No languages added yet"])
    await page.getByRole("link", { name: "API Keys" }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole("alert")).toHaveText(ENDED)
    await expect(page.getByText("Admin Platform")).toBeVisible()
    expect(await watch.seen()).toEqual([])
    await expectNoSeriousViolations(page, "/auth after the session ended")
    await phoneDark(page, testInfo, "auth-message")

    // Nothing is kept for the next person: the sign-in form works and the message is said once.
    await signIn(page, account)
    await expect(page.getByRole("link", { name: "API Keys" })).toBeVisible()
    await page.getByRole("link", { name: "API Keys" }).click()
    await expect(page.getByText(ENDED)).toHaveCount(0)
  })

  test("a password changed in another browser ends this tab's session too", async ({
    page,
    browser,
  }) => {
    const account = await signedInAccount(page, "ended-password", {
      languages: [["German", "DE"]],
    })
    await page.goto("/")
    await expect(page.getByRole("link", { name: "Settings" })).toBeVisible()

    const laptop = await otherBrowser(browser)
    await signIn(laptop.page, account)
    await laptop.page.goto("/settings?tab=security")
    await laptop.page.getByLabel("Current Password").fill(account.password)
    await laptop.page.getByLabel("New Password").fill("fresh-secret-31")
    await laptop.page.getByLabel("Confirm Password").fill("fresh-secret-31")
    await laptop.page.getByRole("button", { name: "Change Password" }).click()
    await expectToast(laptop.page, "Password changed")
    await laptop.context.close()

    const watch = await watchFor(page, ["No languages added yet", "No languages yet"])
    await page.getByRole("link", { name: "Settings" }).click()
    // Settings' first tab may already find the session ended (its cards read the API); else the
    // Languages tab does. Either way the tab lands on /auth, never on an empty list.
    await Promise.race([
      page.waitForURL(/\/auth$/),
      page
        .getByRole("tab", { name: "Languages" })
        .click()
        .catch(() => {}),
    ])
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole("alert")).toHaveText(ENDED)
    expect(await watch.seen()).toEqual([])
  })

  test("a member removed by the owner lands on /auth and never sees Buy Credits", async ({
    page,
    browser,
  }) => {
    const owner = await signedInAccount(page, "ended-owner", {
      credits: 50,
      languages: [["French", "FR"]],
    })
    const ownerToken = await accessToken(owner)
    const member = { email: uniqueEmail("ended-member"), password: "team-secret-42" }
    const invited = await inviteMember(ownerToken, member.email, "member")
    await acceptInvitation(member)

    const desk = await otherBrowser(browser)
    await signIn(desk.page, member)
    await expect(
      desk.page
        .getByTestId("header-company")
        .or(desk.page.getByRole("link", { name: "Playground" }))
        .first(),
    ).toBeVisible()
    const watch = await watchFor(desk.page, ["Buy Credits", "No languages yet"])

    const removed = await callApi(`/members/${invited.id}`, ownerToken, { method: "DELETE" })
    expect(removed.status).toBeLessThan(300)

    await desk.page.getByRole("link", { name: "Playground", exact: true }).click()
    await expect(desk.page).toHaveURL(/\/auth$/)
    await expect(desk.page.getByRole("alert")).toHaveText(
      new RegExp(`^(${ENDED.replace(/\./g, "\\.")}|You are no longer a member of .+\\.)`),
    )
    expect(await watch.seen()).toEqual([])
    await desk.context.close()
  })
})
