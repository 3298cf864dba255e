import { expect, type Page, type Request, test } from "@playwright/test"

import { expectToast } from "../support/screens"
import { checkScreenInBothThemes, signedInAccount, storedCredits } from "../support/workspace"

const TEXT = "Our Spring Sale starts on 03/15/2026: save $1,234.50 today!"
const CONTEXT = "Banner on the home page"

const isCulturalize = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === "/api/v1/text/culturalize"

async function fillTextAndFrench(page: Page) {
  await page.getByLabel("Text to Culturalize").fill(TEXT)
  await page.getByLabel("Target Language").click()
  await page.getByRole("option", { name: "French (FR)" }).click()
}

/**
 * Keeps the body of each culturalize request on `window.sentBodies`. The API client hands fetch a
 * Request object, whose body Playwright does not report (postData() is null), so it is read here.
 */
async function recordCulturalizeBodies(page: Page) {
  await page.addInitScript(() => {
    const sent: unknown[] = []
    Object.assign(window, { sentBodies: sent })
    const original = window.fetch
    window.fetch = async (input, init) => {
      // A copy, so the body the page sends is left unread.
      const request = input instanceof Request ? input.clone() : new Request(input, init)
      if (request.url.endsWith("/api/v1/text/culturalize"))
        sent.push(JSON.parse(await request.text()))
      return original(input, init)
    }
  })
}

/** Culturalizes and returns what was sent and what came back. */
async function culturalize(page: Page) {
  const [, response] = await Promise.all([
    page.waitForRequest(isCulturalize),
    page.waitForResponse((response) => isCulturalize(response.request())),
    page.getByRole("button", { name: "Culturalize", exact: true }).click(),
  ])
  const sent = await page.evaluate(() =>
    (window as unknown as { sentBodies: Record<string, unknown>[] }).sentBodies.at(-1),
  )
  return {
    sent,
    status: response.status(),
    answer: (await response.json()) as Record<string, unknown>,
  }
}

/** The cost and balance the result card shows. */
async function shownCost(page: Page) {
  const text = await page.getByTestId("culturalize-cost").innerText()
  const [, cost, remaining] =
    /Cost: ([\d,]+) credits? · Remaining balance: ([\d,]+) credits/.exec(text) ?? []
  return { cost: Number(cost), remaining: Number(remaining?.replace(/,/g, "")) }
}

test.describe("playground options", () => {
  test.setTimeout(120_000)

  test("sends formality, context, max characters and back-translation, shows the offline engine's answer, and answers the repeat from memory for free", async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, "playground-options", {
      credits: 1000,
      languages: [["French", "FR"]],
    })
    await recordCulturalizeBodies(page)
    await page.goto("/playground")
    const toggle = page.getByRole("button", { name: "More options" })
    await expect(toggle).toHaveAttribute("aria-expanded", "false")
    await expect(page.getByLabel("Context")).toBeHidden()

    await fillTextAndFrench(page)
    await toggle.click()
    await expect(toggle).toHaveAttribute("aria-expanded", "true")
    await page.getByLabel("Formality").click()
    await page.getByRole("option", { name: "Informal", exact: true }).click()
    await page.getByLabel("Context").fill(CONTEXT)
    await expect(page.getByText(/^23 \/ 2,000/)).toBeVisible()
    await page.getByLabel("Max characters").fill("200")
    await page.getByRole("checkbox", { name: "Back-translate" }).check()
    await checkScreenInBothThemes(page, testInfo, "options")

    const first = await culturalize(page)
    await expectToast(page, "Success!", "Text has been culturalized successfully")
    expect(first.sent).toEqual({
      text: TEXT,
      language: "French",
      language_code: "FR",
      tool: "dashboard",
      formality: "informal",
      context: CONTEXT,
      max_characters: 200,
      backtranslate: true,
      include_rationale: true,
      include_tm_info: true,
    })
    expect(first.status).toBe(200)
    expect(first.answer).toMatchObject({
      engine: "offline",
      from_memory: false,
      backtranslation: null,
      tm_match: null,
      // The date counts as three words (03, 15, 2026), the amount as one.
      metadata: { word_count: 11, cost: first.answer.cost },
    })

    const result = page.getByTestId("culturalized-text")
    await expect(result).toHaveText(first.answer.translated_text as string)
    await expect(result).toContainText("15/03/2026")
    const rationale = page.getByRole("region", { name: "Rationale" })
    await expect(rationale).toContainText(
      /Adapted to French \(fr-FR\) conventions: dates, .*currency/,
    )
    await expect(rationale).toContainText(
      "Tone, context and style guidance need a model provider; the wording was kept.",
    )
    await expect(page.getByRole("region", { name: "Back-translation" })).toContainText(
      "Not available for this result: the engine cannot translate back.",
    )
    await expect(page.getByTestId("engine-note")).toContainText(
      "Back-translation is unavailable with the offline engine.",
    )
    await expect(page.getByTestId("from-memory")).toHaveCount(0)
    await expect(page.getByRole("region", { name: "Translation memory match" })).toHaveCount(0)
    const charged = await shownCost(page)
    expect(charged.cost).toBeGreaterThan(0)
    expect(charged.cost).toBe(first.answer.cost)
    expect(charged.remaining).toBe(1000 - charged.cost)
    expect(await storedCredits(account.userId)).toBe(1000 - charged.cost)
    await checkScreenInBothThemes(page, testInfo, "result")

    // The same request again, with the panel closed: what was set is kept and sent.
    await toggle.click()
    await expect(page.getByLabel("Context")).toBeHidden()
    const repeat = await culturalize(page)
    await expectToast(page, "Success!", "Text has been culturalized successfully")
    expect(repeat.sent).toEqual(first.sent)
    expect(repeat.answer).toMatchObject({
      translated_text: first.answer.translated_text,
      rationale: first.answer.rationale,
      backtranslation: null,
      cost: 0,
      credits_remaining: 1000 - charged.cost,
      from_memory: true,
      metadata: { word_count: 11, cost: 0 },
    })
    await expect(page.getByTestId("from-memory")).toHaveText("From memory — no credits charged")
    await expect(page.getByTestId("culturalize-cost")).toContainText("Cost: 0 credits")
    expect((await shownCost(page)).remaining).toBe(1000 - charged.cost)
    const match = page.getByRole("region", { name: "Translation memory match" })
    await expect(match.getByTestId("tm-match")).toHaveText(/^100% matchExactYour earlier results$/)
    await expect(match).toContainText(TEXT)
    await expect(page.getByRole("region", { name: "Back-translation" })).toBeVisible()
    expect(await storedCredits(account.userId)).toBe(1000 - charged.cost)
    await expect(page.getByTestId("credit-balance")).toHaveText(
      `${(1000 - charged.cost).toLocaleString("en-US")} credits`,
    )
    await checkScreenInBothThemes(page, testInfo, "from-memory")
  })

  test("refuses a max characters the result cannot fit with the server's message and charges nothing", async ({
    page,
  }) => {
    const account = await signedInAccount(page, "playground-too-long", {
      credits: 100,
      languages: [["French", "FR"]],
    })
    await recordCulturalizeBodies(page)
    await page.goto("/playground")
    await fillTextAndFrench(page)
    await page.getByRole("button", { name: "More options" }).click()
    await page.getByLabel("Max characters").fill("10")

    const refused = await culturalize(page)
    expect(refused.sent).toMatchObject({ max_characters: 10 })
    expect(refused.status).toBe(422)
    expect(refused.answer).toMatchObject({ error: { code: "max_characters_exceeded" } })
    const message =
      /The result is \d+ characters long and does not fit max_characters \(10\)\. Nothing was charged: allow more characters or shorten the text\./
    await expectToast(page, "Error culturalizing text", message)
    await expect(page.getByTestId("culturalized-text")).toHaveCount(0)
    await expect(page.getByRole("button", { name: "Culturalize", exact: true })).toBeEnabled()
    expect(await storedCredits(account.userId)).toBe(100)
    await expect(page.getByTestId("credit-balance")).toHaveText("100 credits")
  })
})
