import { execFile } from "node:child_process"
import { existsSync } from "node:fs"
import { promisify } from "node:util"

import { expect, test } from "@playwright/test"

import { checkNarrowInBothThemes } from "../support/narrow-themes"
import { expectToast } from "../support/screens"
import { baseUrl } from "../support/server"
import { checkScreenInBothThemes, signedInAccount, storedCredits } from "../support/workspace"

/** The request a shown curl snippet makes: its URL, headers and body, read from its text. */
function parseCurl(snippet: string) {
  const url = /curl -X POST "([^"]+)"/.exec(snippet)?.[1]
  const headers = Object.fromEntries(
    [...snippet.matchAll(/-H "([^:]+): ([^"]+)"/g)].map((m) => [m[1] as string, m[2] as string]),
  )
  const body = /-d '([^']+)'/.exec(snippet)?.[1]
  if (!url || !body) throw new Error(`not a curl snippet: ${snippet}`)
  return { url, headers, body }
}

test.describe("API key quick-start snippets", () => {
  test.setTimeout(120_000)

  test("a new key's snippets carry this server's URL, and the curl one culturalizes", async ({
    page,
    context,
  }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"])
    const account = await signedInAccount(page, "snippets", { credits: 100 })
    await page.goto("/api-keys")
    await page.getByLabel("Name").fill("Quick start")
    await page.getByRole("button", { name: "Create API Key" }).click()
    await expectToast(page, "API key created successfully")
    const key = (await page.getByTestId("new-api-key").innerText()).trim()
    expect(key).toMatch(/^nativ_/)

    const apiUrl = `${baseUrl}/api/v1`
    const curl = await page.getByTestId("snippet-curl").innerText()
    expect(curl).toContain(`"${apiUrl}/text/culturalize"`)
    expect(curl).toContain(`Bearer ${key}`)
    await page.getByRole("button", { name: "Copy curl" }).click()
    await expectToast(page, "Copied to clipboard")
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(curl)

    // The request exactly as shown, replayed against the real server.
    const shown = parseCurl(curl)
    const response = await fetch(shown.url, {
      method: "POST",
      headers: shown.headers,
      body: shown.body,
    })
    const json = (await response.json()) as Record<string, unknown>
    expect(response.status, JSON.stringify(json)).toBe(200)
    expect(json).toMatchObject({ language: "French", translated_text: expect.any(String) })
    expect(await storedCredits(account.userId)).toBeLessThan(100)

    // And run as a shell command where curl is installed, as a person would paste it.
    if (existsSync("/usr/bin/curl")) {
      const { stdout } = await promisify(execFile)("bash", [
        "-c",
        `${curl} -sS -w '\\n%{http_code}'`,
      ])
      expect(stdout.trim().split("\n").at(-1)).toBe("200")
    }

    for (const [tab, expected] of [
      ["Node (nativ)", [`apiKey: "${key}"`, `baseUrl: "${apiUrl}"`, 'from "nativ"']],
      ["Node (@nativ/client)", [`apiKey: "${key}"`, `baseUrl: "${apiUrl}"`, "@nativ/client"]],
      ["Python", [`api_key="${key}"`, `base_url="${apiUrl}"`, "from nativ import Nativ"]],
    ] as const) {
      await page.getByRole("tab", { name: tab }).click()
      const block = page.getByRole("tabpanel").locator("pre")
      for (const text of expected) await expect(block).toContainText(text)
    }
    await checkScreenInBothThemes(page, testInfo, "snippets")
    await checkNarrowInBothThemes(page, testInfo, "snippets")

    await page.getByRole("button", { name: "I've copied the key" }).click()
    await expect(page.getByRole("heading", { name: "Quick start" })).toBeHidden()
  })
})
