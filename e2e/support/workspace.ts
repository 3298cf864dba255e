import { expect, type Page, type TestInfo } from "@playwright/test"

import { type Account, createConfirmedAccount, signIn } from "./accounts"
import { checkScreen } from "./screens"
import { callServer, serviceRoleKey } from "./server"

const asService = () => ({ bearer: serviceRoleKey(), headers: { apikey: serviceRoleKey() } })

/** Sets a company's balance with the service-role key, as the server's own code would. */
export async function grantCredits(userId: string, credits: number) {
  const { status, json } = await callServer(`/rest/v1/users?id=eq.${userId}`, {
    method: "PATCH",
    body: { credits },
    ...asService(),
    headers: { ...asService().headers, Prefer: "return=minimal" },
  })
  expect(status, JSON.stringify(json)).toBeLessThan(300)
}

/** The balance as stored, read with the service-role key. */
export async function storedCredits(userId: string): Promise<number> {
  const { status, json } = await callServer(`/rest/v1/users?id=eq.${userId}&select=credits`, {
    ...asService(),
  })
  expect(status, JSON.stringify(json)).toBe(200)
  return Number((json as { credits: number }[])[0]?.credits)
}

/** Rows of a table for one user, read with the service-role key. */
export async function storedRows<T>(table: string, userId: string): Promise<T[]> {
  const { status, json } = await callServer(
    `/rest/v1/${table}?user_id=eq.${userId}&order=created_at.asc`,
    { ...asService() },
  )
  expect(status, JSON.stringify(json)).toBe(200)
  return json as T[]
}

/** An access token for `account`, from the password grant. */
export async function accessToken(account: Pick<Account, "email" | "password">) {
  const { status, json } = await callServer("/auth/v1/token?grant_type=password", {
    method: "POST",
    body: { email: account.email, password: account.password },
  })
  expect(status, JSON.stringify(json)).toBe(200)
  return (json as { access_token: string }).access_token
}

/** Adds a language to the account's list over REST, as the Settings page does. */
export async function addLanguage(
  account: Account & { userId: string },
  language: string,
  code: string,
) {
  const token = await accessToken(account)
  const { status, json } = await callServer("/rest/v1/user_languages_mapping", {
    method: "POST",
    body: { user_id: account.userId, language, language_code: code },
    bearer: token,
    headers: { Prefer: "return=minimal" },
  })
  expect(status, JSON.stringify(json)).toBeLessThan(300)
}

/** A fresh confirmed account with `credits` and the given languages, signed in on `page`. */
export async function signedInAccount(
  page: Page,
  label: string,
  { credits = 0, languages = [] as [string, string][] } = {},
) {
  const account = await createConfirmedAccount(label)
  if (credits) await grantCredits(account.userId, credits)
  for (const [language, code] of languages) await addLanguage(account, language, code)
  await signIn(page, account)
  return account
}

/** The screen audited and captured (desktop and mobile) in the light and then the dark theme. */
export async function checkScreenInBothThemes(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme })
    if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/)
    else await expect(page.locator("html")).not.toHaveClass(/dark/)
    await checkScreen(page, testInfo, `${name}-${theme}`)
  }
  await page.emulateMedia({ colorScheme: "light" })
}
