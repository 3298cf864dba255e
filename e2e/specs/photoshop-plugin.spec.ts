import { expect, test } from "@playwright/test"

import {
  connectWithApiKey,
  openPanel,
  type PanelWindow,
  photoshopAccount,
  photoshopState,
} from "../support/photoshop-panel"
import { countOperations, readOperations } from "../support/seed"
import { grantCredits, storedCredits } from "../support/workspace"
import { signIn } from "../support/accounts"
import { expectNoSeriousViolations, saveScreenshot } from "../support/screens"
import { callApi } from "../support/team"

/*
 * The Photoshop plugin's panel, built as `npm run build` builds it, in Chromium with the fake
 * Photoshop (plugins/photoshop/src/testing) as its host and the real server behind it: the offline
 * engine adapts numbers, dates and quotation marks, so the texts below change per language.
 */

const banner = {
  name: "banner.psd",
  path: "/designs/banner.psd",
  layers: [
    { kind: "text" as const, name: "Price", text: "Now $1,299.99" },
    {
      kind: "group" as const,
      name: "Footer",
      layers: [{ kind: "text" as const, name: "Ends", text: "Ends 12/31/2026" }],
    },
  ],
}

test.describe("the Photoshop plugin", () => {
  test.setTimeout(120_000)

  test("connects through the device flow, localizes into two languages as saved copies, and the dashboard lists the operations", async ({
    page,
    context,
  }) => {
    const account = await photoshopAccount("ps-copies", 1000)
    await signIn(page, account)
    const panel = await openPanel(context, banner)

    await panel.getByRole("button", { name: "Connect to Nativ" }).click()
    const code = await panel.getByTestId("user-code").textContent()
    // The panel opened the approval page in the browser (UXP shell.openExternal).
    const [approvalUrl] = (await photoshopState(panel)).openedUrls
    expect(approvalUrl).toBe(
      `${new URL(page.url()).origin}/activate?user_code=${encodeURIComponent(code!)}`,
    )
    await page.goto(approvalUrl!)
    await page.getByRole("button", { name: "Continue" }).click()
    await expect(
      page.getByRole("heading", { name: "Nativ for Photoshop wants to access Acme Localization" }),
    ).toBeVisible()
    await page.getByRole("button", { name: "Approve" }).click()
    await expect(
      page.getByRole("heading", { name: "Nativ for Photoshop is connected" }),
    ).toBeVisible()

    await expect(panel.getByText("Acme Localization")).toBeVisible({ timeout: 20_000 })
    await expect(panel.getByTestId("balance")).toHaveText("1,000")
    await panel.getByLabel("French (FR)").check()
    await panel.getByLabel("German (DE)").check()
    await panel.getByRole("button", { name: "Localize" }).click()

    await expect(panel.getByRole("heading", { name: "Done" })).toBeVisible()
    await expect(panel.getByTestId("summary-counts")).toContainText("4 text layers changed")
    await expect(panel.getByText("French (FR): /designs/banner-fr.psd")).toBeVisible()
    await expect(panel.getByText("German (DE): /designs/banner-de.psd")).toBeVisible()
    const state = await photoshopState(panel)
    expect(state.documents.find((d) => d.name === "banner.psd")!.texts).toEqual({
      Price: "Now $1,299.99",
      Ends: "Ends 12/31/2026",
    })
    expect(state.files["/designs/banner-fr.psd"]).toEqual({
      Price: "Now 1\u202f299,99\u00a0$",
      Ends: "Ends 31/12/2026",
    })
    expect(state.files["/designs/banner-de.psd"]).toEqual({
      Price: "Now 1.299,99\u00a0$",
      Ends: "Ends 31.12.2026",
    })
    const balance = await storedCredits(account.userId)
    await expect(panel.getByTestId("balance")).toHaveText(balance.toLocaleString("en-US"))

    // One batch per language, recorded for Photoshop with the document's file id.
    await page.goto("/operations")
    const rows = page.getByRole("table", { name: "Operations" }).locator("tbody tr")
    await expect(rows).toHaveCount(2)
    for (const row of await rows.all())
      await expect(row.getByRole("cell").nth(3)).toHaveText("photoshop")
    const operations = await readOperations(account.userId, "select=tool,file_id,action")
    expect(operations).toHaveLength(2)
    for (const operation of operations)
      expect(operation).toMatchObject({ tool: "photoshop", action: "translate_layers" })
    expect(operations[0]!.file_id).toMatch(/^psd-[0-9a-f]{32}$/)
    expect(operations[1]!.file_id).toBe(operations[0]!.file_id)

    // Sign out forgets the connection.
    await panel.getByRole("button", { name: "Sign out" }).click()
    await expect(panel.getByRole("button", { name: "Connect to Nativ" })).toBeVisible()
  })

  test("in place: one history state, a linked smart object skipped with its reason, a clipped box flagged; a revoked key asks to connect again", async ({
    context,
  }, testInfo) => {
    const account = await photoshopAccount("ps-in-place", 1000)
    const panel = await openPanel(context, {
      ...banner,
      layers: [
        ...banner.layers,
        {
          kind: "text",
          name: "Legal",
          text: "Offer valid until 12/31/2026 in participating stores only",
          box: { width: 120, height: 24 },
        },
        { kind: "smartObject", name: "Logo", fileReference: "Logo.psb", linked: true },
      ],
    })
    const keyId = await connectWithApiKey(panel, account.token)
    await panel.getByLabel("French (FR)").check()
    await panel.getByLabel("In this document (one Undo)").check()
    await panel.getByRole("button", { name: "Localize" }).click()

    await expect(panel.getByRole("heading", { name: "Done" })).toBeVisible()
    await expect(panel.getByRole("list", { name: "Skipped layers" })).toHaveText(
      "Logo: Linked smart object: its contents live in Logo.psb; open and localize that file itself",
    )
    await expect(panel.getByRole("list", { name: "Overflow" })).toContainText(
      "Critical Legal (French): Clipped: the text needs",
    )
    // The panel follows the host's theme, light and dark, and stays readable in both.
    for (const theme of ["light", "dark"] as const) {
      await panel.emulateMedia({ colorScheme: theme })
      await expect(panel.locator("html")).toHaveAttribute("data-theme", theme)
      await expectNoSeriousViolations(panel, `the Photoshop panel (${theme})`)
      await saveScreenshot(panel, testInfo, `photoshop-plugin--panel-${theme}.png`, {
        fullPage: true,
      })
    }
    const [document] = (await photoshopState(panel)).documents
    expect(document!.texts).toMatchObject({
      Price: "Now 1\u202f299,99\u00a0$",
      Ends: "Ends 31/12/2026",
    })
    expect(document!.history).toEqual(["Nativ: localize to French"])
    // One Undo takes every change back.
    const undone = await panel.evaluate(() => {
      const fake = (window as unknown as PanelWindow).fakePhotoshop
      fake.document.undo()
      return fake.document.texts()
    })
    expect(undone).toMatchObject({ Price: "Now $1,299.99", Ends: "Ends 12/31/2026" })

    // The key is revoked in the dashboard: the next run asks to connect again, and writes nothing.
    const revoked = await callApi(`/api-keys/${keyId}`, account.token, { method: "DELETE" })
    expect(revoked.status, JSON.stringify(revoked.json)).toBeLessThan(300)
    await panel.getByRole("button", { name: "Localize" }).click()
    await expect(panel.getByRole("alert")).toContainText("Connection ended")
    await expect(panel.getByRole("alert")).toContainText("This API key no longer works")
    await expect(panel.getByRole("button", { name: "Connect again" })).toBeVisible()
    await expect(panel.getByRole("button", { name: "Connect to Nativ" })).toBeVisible()
    expect((await photoshopState(panel)).documents[0]!.history).toEqual([])
  })

  test("the pseudo-locale preview charges nothing; Cancel during the first language's batch charges that batch only; a 402 leaves the document unchanged", async ({
    context,
  }) => {
    const account = await photoshopAccount("ps-cancel", 1000)
    const panel = await openPanel(context, banner)
    await connectWithApiKey(panel, account.token)

    // The pseudo-locale preview is made in the panel: nothing sent, charged or recorded.
    await panel.getByRole("button", { name: "Preview with pseudo-locale (free)" }).click()
    await expect(panel.getByTestId("summary-counts")).toContainText("0 credits spent · 0 batches")
    const preview = (await photoshopState(panel)).documents.find(
      (d) => d.name === "banner-qps-ploc",
    )
    expect(preview!.texts.Price).toMatch(/^\[Ñöŵ \$1,299\.99 ~*\]$/)
    expect(await storedCredits(account.userId)).toBe(1000)
    expect(await countOperations(account.userId)).toBe(0)

    // The first batch's answer is held (not changed) until Cancel has been pressed.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let batches = 0
    await panel.route("**/api/v1/text/culturalize-batch", async (route) => {
      batches++
      const response = await route.fetch()
      if (batches === 1) await held
      await route.fulfill({ response })
    })
    await panel.getByLabel("French (FR)").check()
    await panel.getByLabel("German (DE)").check()
    await panel.getByRole("button", { name: "Localize" }).click()
    await expect(panel.getByTestId("progress-counts")).toContainText("batch 0 of 2 done")
    await panel.getByRole("button", { name: "Cancel" }).click()
    await expect(panel.getByRole("button", { name: "Cancelling after this batch…" })).toBeDisabled()
    release()

    await expect(panel.getByRole("heading", { name: "Cancelled" })).toBeVisible()
    expect(batches).toBe(1)
    const spent = 1000 - (await storedCredits(account.userId))
    expect(spent).toBeGreaterThan(0)
    await expect(panel.getByTestId("summary-counts")).toContainText(
      `${spent} ${spent === 1 ? "credit" : "credits"} spent · 1 batch`,
    )
    expect(await countOperations(account.userId)).toBe(1)
    expect(Object.keys((await photoshopState(panel)).files)).toEqual(["/designs/banner-fr.psd"])

    // Now the balance cannot cover a batch: 402, nothing written, Buy Credits offered.
    await panel.unroute("**/api/v1/text/culturalize-batch")
    await grantCredits(account.userId, 1)
    await panel.getByLabel("French (FR)").uncheck()
    await panel.getByLabel("In this document (one Undo)").check()
    await panel.getByRole("button", { name: "Localize" }).click()
    const alert = panel.getByRole("alert")
    await expect(alert).toContainText("Not enough credits")
    await expect(alert).toContainText("This costs 2 credits; your balance is 1 credit.")
    const before = await photoshopState(panel)
    const original = before.documents.find((d) => d.name === "banner.psd")!
    expect(original.texts).toEqual({ Price: "Now $1,299.99", Ends: "Ends 12/31/2026" })
    expect(original.history).toEqual([])
    await alert.getByRole("button", { name: "Buy Credits" }).click()
    await expect
      .poll(async () => (await photoshopState(panel)).openedUrls.at(-1))
      .toMatch(/\/credits$/)
    expect(await storedCredits(account.userId)).toBe(1)
  })
})
