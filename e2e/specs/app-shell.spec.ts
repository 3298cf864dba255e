import { expect, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { checkScreen } from "../support/screens"

test.describe("app shell", () => {
  test("the sign-in route loads no page or chart code of the signed-in area", async ({ page }) => {
    const scripts: string[] = []
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname)
    })
    await page.goto("/auth")
    await expect(page.getByText("Admin Platform")).toBeVisible()
    expect(scripts.length).toBeGreaterThan(0)
    const shellOrCharts = scripts.filter((s) =>
      /\/assets\/(layout|dashboard|analytics|operations|settings)-|chart/i.test(s),
    )
    expect(shellOrCharts).toEqual([])
  })

  test("the theme follows the system and the header toggle switches and remembers it", async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: "dark" })
    await page.goto("/auth")
    await expect(page.locator("html")).toHaveClass(/dark/)
    await checkScreen(page, testInfo, "auth-dark")

    await signIn(page, await createConfirmedAccount("theme"))
    await expect(page.locator("html")).toHaveClass(/dark/)
    await checkScreen(page, testInfo, "dashboard-dark")
    await page.getByRole("button", { name: "Switch to light theme" }).click()
    await expect(page.locator("html")).not.toHaveClass(/dark/)
    await page.reload()
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    await expect(page.locator("html")).not.toHaveClass(/dark/)
    await page.getByRole("button", { name: "Switch to dark theme" }).click()
    await expect(page.locator("html")).toHaveClass(/dark/)
  })

  test("every signed-in page has the shell and passes the accessibility check", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    await signIn(page, await createConfirmedAccount("pages"))
    for (const [path, title] of [
      ["/operations", "Operations"],
      ["/analytics", "Analytics"],
      ["/playground", "Playground"],
      ["/plugins", "Plugins"],
      ["/credits", "Buy Credits"],
      ["/api-keys", "API Keys"],
      ["/settings", "Settings"],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible()
      await checkScreen(page, testInfo, path.slice(1))
    }
  })
})
