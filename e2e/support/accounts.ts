import { expect, type Page } from "@playwright/test"

import { linkIn, waitForMail } from "./mailbox"
import { baseUrl, callServer, serviceRoleKey, uniqueEmail } from "./server"

export type Account = { email: string; password: string; companyName: string }

export function newAccount(label: string): Account {
  return {
    email: uniqueEmail(label),
    password: "correct-horse-42",
    companyName: "Acme Localization",
  }
}

/** Signs up over the auth API (as the dashboard would) and returns the confirmation link. */
export async function signUpViaApi(account: Account) {
  const { status, json } = await callServer(
    `/auth/v1/signup?redirect_to=${encodeURIComponent(`${baseUrl}/email-confirmed`)}`,
    {
      method: "POST",
      body: {
        email: account.email,
        password: account.password,
        data: { company_name: account.companyName },
      },
    },
  )
  expect(status, JSON.stringify(json)).toBe(200)
  return confirmationLink(account.email)
}

export async function confirmationLink(email: string) {
  return linkIn(await waitForMail(email), "token_hash=")
}

/** A confirmed account, ready to sign in: signed up and verified through the API. */
export async function createConfirmedAccount(label: string): Promise<Account & { userId: string }> {
  const account = newAccount(label)
  const link = new URL(await signUpViaApi(account))
  const { status, json } = await callServer("/auth/v1/verify", {
    method: "POST",
    body: { token_hash: link.searchParams.get("token_hash"), type: "email" },
  })
  expect(status, JSON.stringify(json)).toBe(200)
  return { ...account, userId: (json as { user: { id: string } }).user.id }
}

/** Signs in through the /auth screen and waits for the dashboard. */
export async function signIn(page: Page, account: Pick<Account, "email" | "password">) {
  await page.goto("/auth")
  await page.getByLabel("Email").fill(account.email)
  await page.getByLabel("Password").fill(account.password)
  await page.getByRole("button", { name: "Sign In" }).click()
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
}

/** Invites `email` through the admin API with the service-role key; returns the emailed link. */
export async function invite(email: string) {
  const { status, json } = await callServer(
    `/auth/v1/invite?redirect_to=${encodeURIComponent(`${baseUrl}/set-password`)}`,
    {
      method: "POST",
      body: { email },
      bearer: serviceRoleKey(),
      headers: { apikey: serviceRoleKey() },
    },
  )
  expect(status, JSON.stringify(json)).toBe(200)
  return linkIn(await waitForMail(email), "/verify")
}
