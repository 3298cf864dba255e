import { readFile } from "node:fs/promises"

import { expect, test } from "@playwright/test"
import Papa from "papaparse"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { checkNarrow } from "../support/screens"
import { type SeededOperation, seedOperations } from "../support/seed"
import { callServer, serviceRoleKey } from "../support/server"

const service = () => ({ bearer: serviceRoleKey(), headers: { apikey: serviceRoleKey() } })

/** An API key row for the company (its secret is never used here), through /rest/v1. */
async function createKey(userId: string, name: string) {
  const { status, json } = await callServer("/rest/v1/api_keys", {
    method: "POST",
    ...service(),
    headers: { ...service().headers, Prefer: "return=representation" },
    body: {
      user_id: userId,
      name,
      key_hash: `e2e-${crypto.randomUUID()}`,
      key_preview: "nativ_e2e…",
    },
  })
  expect(status, JSON.stringify(json)).toBe(201)
  return (json as { id: string }[])[0]!.id
}

type Seed = SeededOperation & { api_key_id: string | null }

/**
 * 48 operations at noon UTC (a day in any browser zone within ±11 h), 2026-01-05 to 2026-01-20,
 * every combination of German/French, api/figma and with or without the key.
 */
function operations(keyId: string): Seed[] {
  return Array.from({ length: 48 }, (_, i) => ({
    action: `culturalize_text`,
    file_id: `file-${i}`,
    language: i % 2 ? "French" : "German",
    tool: Math.floor(i / 2) % 2 ? "figma" : "api",
    cost: 1 + i,
    api_key_id: Math.floor(i / 4) % 2 ? null : keyId,
    created_at: `2026-01-${String(5 + (i % 16)).padStart(2, "0")}T12:00:00.000Z`,
  }))
}

test.describe("operations filters and export", () => {
  test("filters survive a reload and Export CSV downloads exactly the filtered rows", async ({
    page,
  }, testInfo) => {
    const account = await createConfirmedAccount("ops-export")
    const keyId = await createKey(account.userId, "Build server")
    const seeded = operations(keyId)
    await seedOperations(account.userId, seeded as SeededOperation[])
    const expected = seeded.filter(
      (op) =>
        op.created_at >= "2026-01-08" &&
        op.created_at < "2026-01-19" &&
        op.language === "German" &&
        op.tool === "api" &&
        op.api_key_id === keyId,
    )
    expect(expected.length).toBeGreaterThan(1)

    await signIn(page, account)
    await page.goto("/operations")
    await expect(page.getByText(`Showing 1-10 of ${seeded.length} operations`)).toBeVisible()
    await page.getByLabel("From", { exact: true }).fill("2026-01-08")
    await page.getByLabel("To", { exact: true }).fill("2026-01-18")
    for (const [label, option] of [
      ["Language", "German"],
      ["Tool", "api"],
      ["API key", "Build server"],
    ] as const) {
      await page.getByRole("combobox", { name: label }).click()
      await page.getByRole("option", { name: option, exact: true }).click()
    }
    const showing = `Showing 1-${expected.length} of ${expected.length} operations`
    await expect(page.getByText(showing)).toBeVisible()

    await page.reload()
    await expect(page.getByText(showing)).toBeVisible()
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-01-08")
    await expect(page.getByRole("combobox", { name: "API key" })).toHaveText("Build server")

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ])
    expect(download.suggestedFilename()).toBe("nativ-operations-2026-01-08-2026-01-18.csv")
    const text = await readFile((await download.path())!, "utf8")
    expect(text.charCodeAt(0)).toBe(0xfeff)
    const { data, meta } = Papa.parse<Record<string, string>>(text.slice(1), {
      header: true,
      skipEmptyLines: true,
    })
    expect(meta.fields).toEqual([
      "id",
      "created_at",
      "action",
      "language",
      "tool",
      "credits",
      "api_key",
      "member",
    ])
    const byNewest = (a = "", b = "") => b.localeCompare(a)
    expect(data.map((row) => row.created_at).sort(byNewest)).toEqual(
      expected.map((op) => op.created_at).sort(byNewest),
    )
    expect(data.map((row) => Number(row.credits)).sort()).toEqual(
      expected.map((op) => op.cost).sort(),
    )
    for (const row of data)
      expect(row).toMatchObject({ language: "German", tool: "api", api_key: "Build server" })

    await checkNarrow(page, testInfo, "filtered")
    await page.getByRole("button", { name: "Clear filters" }).click()
    await expect(page.getByText(`Showing 1-10 of ${seeded.length} operations`)).toBeVisible()
    await expect(page).toHaveURL(/\/operations$/)
  })
})
