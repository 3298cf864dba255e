import { expect, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { getConfig } from "../support/server"
import { checkScreen } from "../support/screens"

const mainNavigation = [
  ["Dashboard", "/"],
  ["Operations", "/operations"],
  ["Analytics", "/analytics"],
  ["Playground", "/playground"],
  // Beyond the spec's list (issue 13): the company's stored glossaries and translation memory.
  ["Glossaries", "/glossaries"],
  ["Translation Memory", "/translation-memory"],
  ["Plugins", "/plugins"],
  ["API Keys", "/api-keys"],
  ["Settings", "/settings"],
] as const

test.describe("sidebar", () => {
  test("the groups, items and links are as the spec lists them, with the active item highlighted", async ({
    page,
  }, testInfo) => {
    await signIn(page, await createConfirmedAccount("sidebar"))
    const nav = page.getByRole("navigation", { name: "Main Navigation" })
    await expect(nav.getByText("Main Navigation")).toBeAttached()
    await expect(nav.getByRole("link")).toHaveText(mainNavigation.map(([title]) => title))
    await expect(page.getByText("Resources", { exact: true })).toBeVisible()
    await checkScreen(page, testInfo, "expanded")

    for (const [title, path] of mainNavigation) {
      await nav.getByRole("link", { name: title }).click()
      await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/" : path}$`))
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible()
      await expect(nav.getByRole("link", { name: title })).toHaveAttribute("aria-current", "page")
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)
    }

    const { apiDocsUrl } = await getConfig()
    const docs = page.getByRole("link", { name: "API Docs" })
    await expect(docs).toHaveAttribute("href", apiDocsUrl)
    await expect(docs).toHaveAttribute("target", "_blank")
    const [popup] = await Promise.all([page.waitForEvent("popup"), docs.click()])
    expect(popup.url()).toBe(apiDocsUrl)
    await popup.close()

    await page.getByRole("link", { name: "Nativ home" }).click()
    await expect(page).toHaveURL(/\/$/)
    // Credits is reached through the header, not the sidebar.
    await expect(nav.getByRole("link", { name: "Buy Credits" })).toHaveCount(0)
    await page.getByRole("link", { name: "Buy Credits" }).click()
    await expect(page).toHaveURL(/\/credits$/)
    await expect(page.getByRole("heading", { name: "Buy Credits", level: 1 })).toBeVisible()
  })

  test("collapsing keeps the choice in a cookie for 7 days and Ctrl/Cmd+B toggles it", async ({
    page,
    context,
  }, testInfo) => {
    await signIn(page, await createConfirmedAccount("sidebar-collapse"))
    const panel = page.locator('[data-slot="sidebar-container"]')
    expect((await panel.boundingBox())?.width).toBe(256)

    await page.getByRole("button", { name: "Toggle Sidebar" }).click()
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(48)
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state")
    expect(cookie?.value).toBe("false")
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)
    // Collapsed to icons, the items keep their names for assistive technology.
    await expect(page.getByRole("link", { name: "Operations" })).toBeVisible()
    await checkScreen(page, testInfo, "collapsed")

    await page.reload()
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(48)

    await page.keyboard.press("Control+b")
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(256)
    expect((await context.cookies()).find((c) => c.name === "sidebar_state")?.value).toBe("true")

    await page.keyboard.press("Meta+b")
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(48)
  })
})
