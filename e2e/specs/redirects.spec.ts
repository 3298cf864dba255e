import { expect, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"

const signedInRoutes = [
  ["/", "Dashboard"],
  ["/operations", "Operations"],
  ["/analytics", "Analytics"],
  ["/playground", "Playground"],
  ["/plugins", "Plugins"],
  ["/credits", "Buy Credits"],
  ["/api-keys", "API Keys"],
  ["/settings", "Settings"],
] as const

test.describe("redirects", () => {
  test("a signed-out visitor of any signed-in page is sent to /auth", async ({ page }) => {
    for (const [path] of signedInRoutes) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/auth$/)
      await expect(page.getByText("Admin Platform")).toBeVisible()
    }
  })

  test("a signed-in visitor of /auth, /signup or /email-confirmed is sent to /", async ({
    page,
  }) => {
    const account = await createConfirmedAccount("redirect-in")
    await signIn(page, account)
    for (const path of ["/auth", "/signup", "/email-confirmed"]) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/$/)
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
    }
  })

  test("a signed-in visitor reaches every page of the shell, and the session survives a reload", async ({
    page,
  }) => {
    const account = await createConfirmedAccount("redirect-pages")
    await signIn(page, account)
    for (const [path, title] of signedInRoutes) {
      await page.goto(path)
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible()
    }
  })

  test("tokens in the hash or the query of the shell go on to /set-password", async ({ page }) => {
    await page.goto("/#access_token=abc&refresh_token=def&type=invite")
    await expect(page).toHaveURL(/\/(set-password|auth)/)
    // The shell forwards them; /set-password then reports the bad tokens and sends the visitor on.
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Invalid invitation link" }),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)

    const seen: string[] = []
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) seen.push(frame.url())
    })
    await page.goto("/settings?access_token=abc&refresh_token=def")
    await expect(page).toHaveURL(/\/auth$/)
    expect(
      seen.some((url) => url.includes("/set-password?access_token=abc&refresh_token=def")),
    ).toBe(true)
  })
})
