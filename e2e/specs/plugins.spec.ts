import { readFileSync } from "node:fs"

import { expect, type Download, test } from "@playwright/test"
import { strFromU8, unzipSync } from "fflate"

import { checkNarrowInBothThemes } from "../support/narrow-themes"
import { baseUrl, getConfig } from "../support/server"
import { checkScreenInBothThemes, signedInAccount } from "../support/workspace"

type Icon = { path: string; scale: number[] }

/** The downloaded zip's file names and its manifest.json. */
async function openZip(download: Download) {
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())))
  const manifest = JSON.parse(strFromU8(files["manifest.json"]!)) as Record<string, unknown>
  return { names: Object.keys(files), files, manifest }
}

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

  test("'Download for this server' gives each plugin as a zip whose manifest names this server", async ({
    page,
  }, testInfo) => {
    const origin = new URL(baseUrl).origin
    await signedInAccount(page, "plugins-download")
    await page.goto("/plugins")

    const figma = page.getByRole("link", {
      name: "Download for this server (Figma Plugin, nativ-figma.zip)",
    })
    await expect(figma).toBeVisible()
    const section = page.getByRole("region", { name: "Install for this server" }).first()
    await expect(section.getByRole("listitem")).toHaveCount(3)
    await expect(section.getByRole("listitem").nth(1)).toContainText(
      "Plugins → Development → Import plugin from manifest…",
    )
    const [figmaDownload] = await Promise.all([page.waitForEvent("download"), figma.click()])
    expect(figmaDownload.suggestedFilename()).toBe("nativ-figma.zip")
    const figmaZip = await openZip(figmaDownload)
    expect(figmaZip.names).toEqual(expect.arrayContaining(["manifest.json", "code.js", "ui.html"]))
    expect(figmaZip.manifest).toMatchObject({
      name: "Nativ",
      main: "code.js",
      ui: "ui.html",
      networkAccess: { allowedDomains: [origin] },
    })
    // Figma plugins cannot read their manifest: the UI finds its server in ui.html.
    expect(strFromU8(figmaZip.files["ui.html"]!)).toContain(
      `<meta name="nativ-server" content="${origin}">`,
    )

    // From the keyboard: focus the link and press Enter.
    const photoshop = page.getByRole("link", {
      name: "Download for this server (Photoshop Plugin, nativ-photoshop.zip)",
    })
    await photoshop.focus()
    await expect(photoshop).toBeFocused()
    const [photoshopDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.keyboard.press("Enter"),
    ])
    expect(photoshopDownload.suggestedFilename()).toBe("nativ-photoshop.zip")
    const photoshopZip = await openZip(photoshopDownload)
    expect(photoshopZip.names).toEqual(expect.arrayContaining(["manifest.json", "index.html"]))
    // Every icon the manifest names is in the package ("icons/dark.png" at scale 2 is dark@2x.png).
    const { icons, entrypoints } = photoshopZip.manifest as {
      icons: Icon[]
      entrypoints: { icons: Icon[] }[]
    }
    for (const { path, scale } of [...icons, ...entrypoints.flatMap((entry) => entry.icons)])
      for (const s of scale)
        expect(photoshopZip.names).toContain(path.replace(/\.png$/, `@${s}x.png`))
    expect(photoshopZip.manifest).toMatchObject({
      manifestVersion: 5,
      host: { app: "PS" },
      requiredPermissions: { network: { domains: [origin] } },
    })

    await checkNarrowInBothThemes(page, testInfo, "plugins")
  })
})
