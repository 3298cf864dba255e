import { readFile } from "node:fs/promises"

import { type Browser, expect, type Page, test } from "@playwright/test"

import { expectFitsWidth, expectNoSeriousViolations, saveScreenshot } from "../support/screens"
import { checkScreenInBothThemes, signedInAccount, storedCredits } from "../support/workspace"

/** A flat 800 × 300 banner with known text, drawn by Chromium itself. */
async function renderBanner(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 800, height: 300 } })
  await page.setContent(
    `<body style="margin:0"><div id="banner" style="width:800px;height:300px;background:#1d4ed8;color:#fff;font:bold 64px 'DejaVu Sans',sans-serif;display:grid;place-content:center;text-align:center">SUMMER SALE<div style="font-size:40px;font-weight:normal">Ends 12/31/2026</div></div></body>`,
  )
  const png = await page.locator("#banner").screenshot()
  await page.close()
  return png
}

const bannerFile = (buffer: Buffer) => ({ name: "banner.png", mimeType: "image/png", buffer })

/** Drops `buffer` on the drop zone as a person dragging a file from their desktop would. */
async function dropImage(page: Page, buffer: Buffer) {
  const dataTransfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const transfer = new DataTransfer()
    transfer.items.add(new File([bytes], "banner.png", { type: "image/png" }))
    return transfer
  }, buffer.toString("base64"))
  await page.getByTestId("image-drop-zone").dispatchEvent("drop", { dataTransfer })
}

test.describe("playground image tab", () => {
  test.setTimeout(120_000)

  test("reads, localizes and downloads a dropped banner, charging each once; inspect needs a vision model", async ({
    page,
    browser,
  }, testInfo) => {
    const banner = await renderBanner(browser)
    const account = await signedInAccount(page, "playground-image", {
      credits: 1000,
      languages: [
        ["French", "FR"],
        ["German", "DE"],
      ],
    })
    await page.goto("/playground")
    await page.getByRole("tab", { name: "Image" }).click()
    await expect(page).toHaveURL(/\/playground\?tab=image$/)
    await expect(page.getByText("Upload an image to extract its text.")).toBeVisible()
    await expect(page.getByRole("button", { name: "Extract text" })).toBeDisabled()
    await checkScreenInBothThemes(page, testInfo, "image-empty")

    await dropImage(page, banner)
    const preview = page.getByRole("img", { name: "Preview of banner.png" })
    await expect(preview).toBeVisible()
    // Drawn, not only its alt text: the page's policy lets the preview's blob: URL load.
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800)

    await page.getByRole("button", { name: "Extract text" }).click()
    await expect(page.getByTestId("extracted-text")).toContainText(/SUMMER\s+SALE/i, {
      timeout: 30_000,
    })
    await expect(page.getByTestId("extract-cost")).toHaveText(
      "Cost: 2 credits · Remaining balance: 998 credits",
    )
    await expect(page.getByTestId("credit-balance")).toHaveText("998 credits")

    await page.getByLabel("Target languages").click()
    await page.getByRole("option", { name: "French (FR)" }).click()
    await expect(page.getByText("Costs 10 credits per language.")).toBeVisible()
    await page.getByRole("button", { name: "Localize image" }).click()
    const french = page.getByRole("region", { name: "French (FR)" })
    const localized = french.getByRole("img", { name: "banner.png localized into French (FR)" })
    await expect(localized).toBeVisible({ timeout: 30_000 })
    expect(await localized.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800)
    await expect(french).toContainText("Cost: 10 credits · Remaining balance: 988 credits")
    await french.getByText(/^Text replaced/).click()
    await expect(french.getByTestId("replaced-text")).toContainText("31/12/2026")
    await expect(page.getByTestId("credit-balance")).toHaveText("988 credits")

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      french.getByRole("button", { name: "Download banner-fr.png" }).click(),
    ])
    expect(download.suggestedFilename()).toBe("banner-fr.png")
    const saved = await readFile((await download.path())!)
    expect(saved.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))
    expect(saved.equals(banner)).toBe(false)

    await page.getByLabel(/Countries/).fill("Japan, Brazil")
    await page.getByRole("button", { name: "Inspect" }).click()
    await expect(page.getByTestId("inspect-unavailable")).toContainText(
      "Image inspection needs a vision model",
    )
    await expect(page.getByRole("button", { name: "Inspect" })).toHaveCount(0)
    expect(await storedCredits(account.userId)).toBe(988)

    await checkScreenInBothThemes(page, testInfo, "image-results")
  })

  test("at 375 px in the dark theme: refuses a PDF, opens the picker from the keyboard and shows 402 in the panel", async ({
    page,
    browser,
  }, testInfo) => {
    const banner = await renderBanner(browser)
    await signedInAccount(page, "playground-image-phone")
    await page.setViewportSize({ width: 375, height: 812 })
    await page.emulateMedia({ colorScheme: "dark" })
    await page.goto("/playground?tab=image")
    await expect(page.locator("html")).toHaveClass(/dark/)

    await page.getByLabel("Image file").setInputFiles({
      name: "brief.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF"),
    })
    await expect(page.getByText("Please choose a JPEG, PNG or WebP image")).toBeVisible()

    const zone = page.getByRole("button", { name: /Drag and drop an image here/ })
    // Focus and the key press in one step: on a busy machine a re-render between a separate
    // focus() and the press left Enter with nothing focused and no picker.
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), zone.press("Enter")])
    await chooser.setFiles(bannerFile(banner))
    await expect(page.getByRole("img", { name: "Preview of banner.png" })).toBeVisible()
    await expect(page.getByText("Please choose a JPEG, PNG or WebP image")).toHaveCount(0)

    await page.getByRole("button", { name: "Extract text" }).click()
    const alert = page.getByRole("alert").filter({ hasText: "Not enough credits" })
    await expect(alert).toBeVisible()
    await expect(alert.getByRole("link", { name: "Buy Credits" })).toHaveAttribute(
      "href",
      "/credits",
    )

    // The same failure's toast lies over the lower cards on a phone until it times out.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 })
    await page.getByRole("button", { name: "Inspect" }).click()
    await expect(page.getByTestId("inspect-unavailable")).toBeVisible()

    await expectNoSeriousViolations(page, "the Image tab's error panel at 375 px, dark")
    await expectFitsWidth(page, 375)
    await page.setViewportSize({ width: 375, height: 812 })
    await saveScreenshot(page, testInfo, "playground-image--phone-dark--375.png", {
      fullPage: true,
      animations: "disabled",
    })
  })
})
