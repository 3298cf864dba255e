import type { SupabaseClient } from "@supabase/supabase-js"
import { expect } from "vitest"

import type { OutboxMessage } from "../mail/outbox"
import { createTestApp, type TestApp } from "../testing/test-app"

/** Test helpers for /auth/v1: fresh emails, the outbox, and confirmed accounts. */

/** Limits high enough that only the rate-limit tests ever meet them. */
export const roomyLimits = {
  RATE_LIMIT_AUTH_PER_MINUTE: "100000",
  RATE_LIMIT_EMAIL_PER_HOUR: "100000",
}

export function createAuthTestApp(env: Record<string, string> = {}) {
  return createTestApp({ ...roomyLimits, ...env })
}

let counter = 0
export function uniqueEmail(tag = "user") {
  counter += 1
  return `${tag}-${process.pid}-${Date.now().toString(36)}-${counter}@example.test`
}

export async function mailsTo(app: TestApp, email: string): Promise<OutboxMessage[]> {
  const res = await app.fetch(`/_mail/messages.json?to=${encodeURIComponent(email)}`)
  expect(res.status).toBe(200)
  return (await res.json()) as OutboxMessage[]
}

/** The newest email to an address, failing the test when there is none. */
export async function lastMailTo(app: TestApp, email: string): Promise<OutboxMessage> {
  const [mail] = await mailsTo(app, email)
  if (!mail) throw new Error(`no email was sent to ${email}`)
  return mail
}

/** The first link of an email's text. */
export function linkOf(mail: OutboxMessage): URL {
  const match = /https?:\/\/\S+/.exec(mail.text)
  if (!match) throw new Error(`no link in "${mail.subject}"`)
  return new URL(match[0])
}

export function codeOf(mail: OutboxMessage): string {
  const match = /code: (\d{6})/.exec(mail.text)
  if (!match) throw new Error(`no code in "${mail.subject}"`)
  return match[1]!
}

export type Account = { email: string; password: string; company: string }

/** Signs up through supabase-js and confirms through the emailed link, as a user would. */
export async function createConfirmedAccount(app: TestApp, tag = "user"): Promise<Account> {
  const account = { email: uniqueEmail(tag), password: "correct horse 1", company: `${tag} Inc` }
  const client = app.client()
  const { error } = await client.auth.signUp({
    email: account.email,
    password: account.password,
    options: { data: { company_name: account.company } },
  })
  expect(error).toBeNull()
  const link = linkOf(await lastMailTo(app, account.email))
  const verified = await client.auth.verifyOtp({
    token_hash: link.searchParams.get("token_hash")!,
    type: "email",
  })
  expect(verified.error).toBeNull()
  return account
}

/** A supabase-js client holding a fresh password session of the account. */
export async function signedInClient(app: TestApp, account: Account): Promise<SupabaseClient> {
  const client = app.client()
  const { error } = await client.auth.signInWithPassword(account)
  expect(error).toBeNull()
  return client
}

export async function authFetch(
  app: TestApp,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    apikey: app.deps.keys.anon,
    Authorization: `Bearer ${init.token ?? app.deps.keys.anon}`,
    ...init.headers,
  }
  if (init.body !== undefined) headers["Content-Type"] = "application/json"
  return app.fetch(`/auth/v1${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    ...(init.body === undefined
      ? {}
      : { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
    redirect: "manual",
  })
}
