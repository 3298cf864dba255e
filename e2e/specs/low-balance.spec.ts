import { expect, type Page, test } from "@playwright/test"

import { waitForMail } from "../support/mailbox"
import { checkNarrow, checkScreen, expectToast } from "../support/screens"
import { baseUrl } from "../support/server"
import { callApi } from "../support/team"
import { accessToken, signedInAccount } from "../support/workspace"

const banner = (page: Page) => page.getByTestId("low-balance-banner")
const ALERT = /^Your Nativ balance is below/

async function setThreshold(page: Page, credits: string) {
  await page.goto("/settings?tab=notifications")
  await expect(page.getByRole("tab", { name: "Notifications" })).toHaveAttribute(
    "aria-selected",
    "true",
  )
  const input = page.getByLabel("Threshold (credits)")
  await input.fill(credits)
  await page.getByRole("button", { name: "Save" }).click()
  await expectToast(page, "Success", "Low-balance alert saved")
}

/** One culturalize request with the API key: ~950 characters, so 10 credits. */
async function spendTen(key: string, n: number) {
  const response = await fetch(`${baseUrl}/api/v1/text/culturalize`, {
    method: "POST",
    headers: { "X-API-Key": key, "Content-Type": "application/json" },
    body: JSON.stringify({
      text: `Request ${n}: ${"The quick brown fox jumps over the lazy dog. ".repeat(21)}`,
      language: "German",
      language_code: "DE",
      tool: "api",
    }),
  })
  expect(response.status, await response.text()).toBe(200)
}

async function alertsTo(email: string) {
  const response = await fetch(`${baseUrl}/_mail/messages.json?to=${encodeURIComponent(email)}`)
  const messages = (await response.json()) as { subject: string }[]
  return messages.filter((m) => ALERT.test(m.subject))
}

test.describe("low-balance alert", () => {
  test.setTimeout(120_000)

  test("set in Settings → Notifications, shown on the Dashboard while under it, emailed once when a debit crosses it", async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, "low-balance", { credits: 1_200 })
    await expect(page.getByText("No recent operations found")).toBeVisible()
    await expect(banner(page)).toHaveCount(0)

    // The default is on at 1,000 credits; raise it above the balance.
    await page.goto("/settings?tab=notifications")
    await expect(page.getByRole("switch", { name: /balance runs low/ })).toHaveAttribute(
      "aria-checked",
      "true",
    )
    await expect(page.getByLabel("Threshold (credits)")).toHaveValue("1000")
    await page.getByLabel("Threshold (credits)").fill("0")
    await page.getByRole("button", { name: "Save" }).click()
    await expect(
      page.getByText("Enter a whole number of credits from 1 to 1,000,000,000."),
    ).toBeVisible()
    await setThreshold(page, "2,000")
    await checkScreen(page, testInfo, "settings")
    await checkNarrow(page, testInfo, "settings")

    await page.goto("/")
    await expect(banner(page)).toContainText("Your balance is below 2,000 credits.")
    await expect(banner(page).getByRole("link", { name: "Buy Credits" })).toHaveAttribute(
      "href",
      "/credits",
    )
    await checkScreen(page, testInfo, "banner")
    await checkNarrow(page, testInfo, "banner")

    // Lowered below the balance: the banner goes. Neither change sent an email.
    await setThreshold(page, "1100")
    await page.goto("/")
    await expect(page.getByText("Overview of Nativ plugin activity and performance.")).toBeVisible()
    await expect(banner(page)).toHaveCount(0)
    expect(await alertsTo(account.email)).toHaveLength(0)

    // Twelve debits at once through an API key take 1,200 to 1,080: one crossing, one email.
    const created = await callApi("/api-keys", await accessToken(account), {
      method: "POST",
      body: { name: "Low-balance test" },
    })
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    const key = (created.json as { key: string }).key
    await Promise.all(Array.from({ length: 12 }, (_, n) => spendTen(key, n)))

    const mail = await waitForMail(account.email, ALERT)
    expect(mail.subject).toBe("Your Nativ balance is below 1,100 credits")
    expect(mail.text).toContain("Nativ balance is 1,090 credits")
    expect(mail.text).toContain(`Buy Credits: ${baseUrl}/credits`)
    await page.waitForTimeout(3_000) // longer than the sender's interval
    expect(await alertsTo(account.email)).toHaveLength(1)

    await page.reload()
    await expect(banner(page)).toContainText("Your balance is below 1,100 credits.")
    await expect(page.getByTestId("credit-balance")).toHaveText("1,080 credits")
  })
})
