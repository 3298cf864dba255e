import { expect, type FrameLocator, type Page, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import {
  checkBothThemes,
  connectWithApiKey,
  figmaLayers,
  openedUrls,
  openFigma,
  selectFrames,
} from "../support/figma-harness"
import { countOperations, readOperations } from "../support/seed"
import { baseUrl } from "../support/server"
import { accessToken, addLanguage, grantCredits, storedCredits } from "../support/workspace"

/*
 * The Figma plugin as `npm run build` builds it: its UI in a sandboxed iframe, its main code on
 * the fake Figma host (plugins/figma/src/testing) in the page around it, joined by Figma's message
 * protocol, and the real server behind it. The offline engine keeps the words and adapts numbers,
 * dates and prices, so the texts below change per language.
 */

/** A fixed box exactly as wide as 14 characters at 16 px on the fake host (8.8 px each). */
const FOURTEEN_CHARACTERS = 14 * 8.8 + 1

const threeFrames = {
  fileKey: "FIGMAFILE123",
  frames: [
    {
      name: "Home",
      texts: [
        { name: "Title", characters: "Welcome back" },
        { name: "Date", characters: "Sale ends 12/31/2026" },
      ],
    },
    {
      name: "Pricing",
      texts: [
        { name: "Plan", characters: "Pro plan" },
        {
          name: "Price",
          characters: "Only $1,299.99",
          textAutoResize: "NONE" as const,
          width: FOURTEEN_CHARACTERS,
          height: 20,
        },
      ],
    },
    {
      name: "Checkout",
      texts: [
        { name: "Total", characters: "Total: 1,234.50" },
        { name: "Pay", characters: "Pay now" },
      ],
    },
  ],
}

async function figmaAccount(label: string, credits: number, languages: [string, string][]) {
  const account = await createConfirmedAccount(label)
  await grantCredits(account.userId, credits)
  for (const [name, code] of languages) await addLanguage(account, name, code)
  return account
}

async function localize(ui: FrameLocator, languages: string[]) {
  for (const language of languages) await ui.getByLabel(language).check()
  await ui.getByRole("button", { name: "Localize", exact: true }).click()
}

/** The person's side of the device flow: the approval page, in the dashboard, signed in. */
async function approveInDashboard(page: Page, url: string, code: string) {
  const link = new URL(url)
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByLabel("Code")).toHaveValue(code)
  await page.getByRole("button", { name: "Continue" }).click()
  await page.getByRole("button", { name: "Approve" }).click()
  await expect(page.getByRole("heading", { name: "Nativ for Figma is connected" })).toBeVisible()
}

test.describe("the Figma plugin", () => {
  test.setTimeout(120_000)

  test("connects through the device flow, localizes three frames into two languages as copies, flags overflow, previews the pseudo-locale for free; the dashboard lists the operations", async ({
    page,
    context,
  }, testInfo) => {
    const account = await figmaAccount("figma-copies", 1000, [
      ["French", "FR"],
      ["German", "DE"],
    ])
    const { host, ui } = await openFigma(context, threeFrames)

    await ui.getByRole("button", { name: "Connect to Nativ" }).click()
    const code = await ui.getByTestId("user-code").innerText()
    await expect
      .poll(() => openedUrls(host))
      .toEqual([`${baseUrl}/activate?user_code=${encodeURIComponent(code)}`])
    await signIn(page, account)
    await approveInDashboard(page, (await openedUrls(host))[0]!, code)
    // The plugin polls every 5 seconds (the server's interval).
    await expect(ui.getByText("Acme Localization")).toBeVisible({ timeout: 20_000 })
    await expect(ui.getByText("· Owner")).toBeVisible()
    await expect(ui.getByTestId("balance")).toHaveText("Balance: 1,000 credits")

    await selectFrames(host, ["Home", "Pricing", "Checkout"])
    await expect(ui.getByText("Selection (3 frames, 6 texts)")).toBeVisible()
    await localize(ui, ["French (FR)", "German (DE)"])
    await expect(ui.getByRole("heading", { name: "Done" })).toBeVisible()
    // Six distinct texts, each sent once per language: one credit each.
    await expect(ui.getByTestId("summary")).toContainText("12 texts changed · 12 credits spent")
    await expect(ui.getByTestId("balance")).toHaveText("Balance: 988 credits")
    await checkBothThemes(host, testInfo, "summary")

    const layers = await figmaLayers(host)
    expect(layers.map((l) => l.name)).toEqual([
      "Home",
      "Pricing",
      "Checkout",
      "Home — French (FR)",
      "Home — German (DE)",
      "Pricing — French (FR)",
      "Pricing — German (DE)",
      "Checkout — French (FR)",
      "Checkout — German (DE)",
    ])
    expect(layers[1]!.texts).toEqual(["Pro plan", "Only $1,299.99"])
    expect(layers.find((l) => l.name === "Checkout — German (DE)")!.texts).toEqual([
      "Total: 1.234,50",
      "Pay now",
    ])
    expect(layers.find((l) => l.name === "Home — German (DE)")!.texts[1]).toBe(
      "Sale ends 31.12.2026",
    )

    // The price, longer in both languages, no longer fits its fixed box: Critical, with Select and
    // Shorten.
    const overflow = ui.getByRole("region", { name: "Overflow" })
    await expect(overflow.getByRole("listitem")).toHaveText([
      /^Critical Price \(FR\)/,
      /^Critical Price \(DE\)/,
    ])
    await overflow.getByRole("button", { name: "Select" }).first().click()
    await expect
      .poll(() =>
        host.evaluate(() => window.figmaHarness.fake.currentPage.selection.map((n) => n.name)),
      )
      .toEqual(["Price"])
    // Shorten asks again with max_characters; the offline engine cannot shorten, says so, charges nothing.
    await overflow.getByRole("button", { name: "Shorten" }).first().click()
    await expect(ui.getByRole("alert")).toContainText(/does not fit max_characters \(\d+\)/)
    expect(await storedCredits(account.userId)).toBe(988)

    // The pseudo-locale preview: free, offline, never an operation.
    const operations = await countOperations(account.userId)
    await selectFrames(host, ["Home", "Pricing", "Checkout"])
    await ui.getByRole("button", { name: "Preview pseudo-locale" }).click()
    await expect(ui.getByRole("heading", { name: "Pseudo-locale preview" })).toBeVisible()
    await expect(ui.getByTestId("summary")).toContainText("6 texts changed · 0 credits spent")
    await expect(ui.getByTestId("summary")).toContainText("free, nothing recorded")
    const pseudo = (await figmaLayers(host)).find(
      (l) => l.name === "Home — Pseudo-locale (qps-ploc)",
    )
    expect(pseudo?.texts[0]).toBe("[Ŵéĺçöɱé ƀàçķ ~]")
    expect(await storedCredits(account.userId)).toBe(988)
    expect(await countOperations(account.userId)).toBe(operations)

    // The dashboard's Operations list the plugin's work with its tool and the file's key.
    const rows = await readOperations(account.userId, "select=tool,action,file_id,language")
    expect(rows).toEqual(
      [
        { tool: "figma", action: "translate_layers", file_id: "FIGMAFILE123", language: "German" },
        { tool: "figma", action: "translate_layers", file_id: "FIGMAFILE123", language: "French" },
      ].sort(() => 0),
    )
    await page.goto("/operations?tool=figma")
    const table = page.getByRole("table", { name: "Operations" }).locator("tbody tr")
    await expect(table).toHaveCount(2)
    await table.first().click()
    const dialog = page.getByRole("dialog", { name: "Operation details" })
    const field = (label: string) =>
      dialog.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]")
    await expect(field("Tool")).toHaveText("figma")
    await expect(field("File id")).toHaveText("FIGMAFILE123")
  })

  test("Cancel stops after the batch in progress and only it is charged; a 402 names balance and cost and leaves the document unchanged", async ({
    context,
  }) => {
    const account = await figmaAccount("figma-cancel", 2000, [
      ["French", "FR"],
      ["German", "DE"],
    ])
    const catalog = {
      frames: [
        {
          name: "Catalog",
          texts: Array.from({ length: 600 }, (_, i) => ({
            characters: `Item ${i} costs $${i}.99`,
          })),
        },
      ],
    }
    const { host, ui } = await openFigma(context, catalog)
    await connectWithApiKey(ui, await accessToken(account))

    // The first batch is held on its way to the server until Cancel has been pressed.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let sent = 0
    await host.route("**/api/v1/text/culturalize-batch", async (route) => {
      if (route.request().method() === "POST" && ++sent === 1) await held
      await route.continue()
    })
    await selectFrames(host, ["Catalog"])
    await localize(ui, ["French (FR)", "German (DE)"])
    await expect(ui.getByLabel("Localization progress")).toBeVisible()
    await expect(ui.getByText("Batches: 0/4")).toBeVisible()
    await ui.getByRole("button", { name: "Cancel" }).click()
    await expect(ui.getByRole("button", { name: "Stopping after this batch…" })).toBeDisabled()
    release()
    await expect(ui.getByRole("heading", { name: "Cancelled" })).toBeVisible()
    await expect(ui.getByTestId("summary")).toContainText("500 texts changed · 500 credits spent")
    expect(sent).toBe(1)
    expect(await storedCredits(account.userId)).toBe(1500)
    expect(await countOperations(account.userId)).toBe(1)
    const layers = await figmaLayers(host)
    expect(layers.map((l) => l.name)).toEqual(["Catalog", "Catalog — French (FR)"])
    expect(layers[1]!.texts[499]).not.toBe("Item 499 costs $499.99")
    expect(layers[1]!.texts[599]).toBe("Item 599 costs $599.99")

    // A company whose balance does not cover the batch: the document is left as it was.
    const poor = await figmaAccount("figma-402", 2, [["French", "FR"]])
    const second = await openFigma(context, threeFrames)
    await connectWithApiKey(second.ui, await accessToken(poor))
    const before = await figmaLayers(second.host)
    await selectFrames(second.host, ["Home", "Pricing"])
    await localize(second.ui, ["French (FR)"])
    const alert = second.ui.getByRole("alert")
    await expect(alert).toContainText(
      "Not enough credits: this batch costs 4 credits and your balance is 2.",
    )
    await expect(alert).toContainText("Cost: 4 credits · Balance: 2 credits")
    await alert.getByRole("button", { name: "Buy Credits" }).click()
    await expect.poll(() => openedUrls(second.host)).toEqual([`${baseUrl}/credits`])
    expect(await figmaLayers(second.host)).toEqual(before)
    expect(await storedCredits(poor.userId)).toBe(2)
    expect(await countOperations(poor.userId)).toBe(0)
  })
})
