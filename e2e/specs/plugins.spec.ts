import { expect, test } from "@playwright/test"

import { getConfig } from "../support/server"
import { checkScreenInBothThemes, signedInAccount } from "../support/workspace"

test.describe("plugins", () => {
  test("shows both plugins with their features and help, without the marketplace addresses", async ({
    page,
  }, testInfo) => {
    await signedInAccount(page, "plugins")
    await page.goto("/plugins")
    await expect(page.getByRole("heading", { name: "Plugins", level: 1 })).toBeVisible()
    await expect(
      page.getByText("Extend your localization workflow with design tool integrations."),
    ).toBeVisible()
    const figma = page.getByRole("list", { name: "Figma Plugin features" })
    for (const feature of [
      "Upload glossary",
      "Localize texts",
      "Localize visuals with the latest AI model",
      "Multi-language support",
      "Real-time collaboration",
    ])
      await expect(
        figma.getByRole("listitem").filter({ hasText: new RegExp(`^${feature}$`) }),
      ).toHaveCount(1)
    const photoshop = page.getByRole("list", { name: "Photoshop Plugin features" })
    for (const feature of [
      "Upload glossary",
      "Localize texts and smart objects",
      "Localize visuals with the latest AI model",
      "Multi-language support",
      "Adobe Creative Cloud integration",
    ])
      await expect(photoshop.getByText(feature, { exact: true })).toBeVisible()
    await expect(page.getByText("for Adobe Photoshop")).toBeVisible()
    await expect(page.getByRole("heading", { name: "Need Help Getting Started?" })).toBeVisible()

    const config = (await getConfig()) as unknown as {
      supportEmail: string
      figmaPluginUrl: string
      photoshopPluginUrl: string
    }
    await expect(page.getByRole("link", { name: config.supportEmail })).toHaveAttribute(
      "href",
      `mailto:${config.supportEmail}`,
    )
    const html = await page.locator("main").innerHTML()
    expect(html).not.toContain(config.figmaPluginUrl)
    expect(html).not.toContain(config.photoshopPluginUrl)
    await checkScreenInBothThemes(page, testInfo, "plugins")
  })

  test("'Get Plugin' opens each marketplace page in a new tab", async ({ page, context }) => {
    const config = (await getConfig()) as unknown as {
      figmaPluginUrl: string
      photoshopPluginUrl: string
    }
    // The marketplaces are outside the test network: answer for them.
    await context.route(/figma\.com|adobe\.com|exchange\./, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Marketplace</title>" }),
    )
    await signedInAccount(page, "plugins-open")
    await page.goto("/plugins")
    for (const [host, url] of [
      ["Figma", config.figmaPluginUrl],
      ["Adobe Photoshop", config.photoshopPluginUrl],
    ] as const) {
      const [popup] = await Promise.all([
        context.waitForEvent("page"),
        page.getByRole("button", { name: `Get Plugin for ${host} (opens in a new tab)` }).click(),
      ])
      await popup.waitForLoadState()
      expect(popup.url()).toBe(url)
      await popup.close()
    }
    await expect(page).toHaveURL(/\/plugins$/)
  })
})
