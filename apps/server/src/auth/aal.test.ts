import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { callApi, expectApiError } from "../api/api-test-kit"
import type { TestApp } from "../testing/test-app"
import { enableTwoFactor } from "./mfa-test-kit"
import { createAuthTestApp, createConfirmedAccount, signedInClient } from "./test-kit"

let app: TestApp
beforeAll(async () => {
  app = await createAuthTestApp()
})
afterAll(() => app.close())

const tokenOf = async (client: SupabaseClient) =>
  (await client.auth.getSession()).data.session!.access_token

/** An account with two-factor on: a session that passed it (aal2) and a password-only one (aal1). */
async function twoFactorAccount(tag: string) {
  const account = await createConfirmedAccount(app, tag)
  const aal2 = await signedInClient(app, account)
  await enableTwoFactor(aal2)
  const aal1 = await signedInClient(app, account)
  return { aal1, aal2 }
}

async function createPayment(client: SupabaseClient) {
  const { error } = await client.functions.invoke("create-payment", {
    body: { credits: 20_000, amount: 20 },
  })
  if (!error) return { status: 200, message: null }
  if (!(error instanceof FunctionsHttpError)) throw error
  const response = error.context as Response
  return { status: response.status, message: ((await response.json()) as { error: string }).error }
}

describe("with two-factor on, sensitive actions need an aal2 session", () => {
  it("refuses creating and revoking API keys at aal1 with 403 insufficient_aal", async () => {
    const { aal1, aal2 } = await twoFactorAccount("keys")
    const token1 = await tokenOf(aal1)
    const token2 = await tokenOf(aal2)
    const refused = await callApi(app, "/api-keys", { token: token1, body: { name: "CI" } })
    expectApiError(refused, 403, "insufficient_aal")

    const created = await callApi<{ id: string }>(app, "/api-keys", {
      token: token2,
      body: { name: "CI" },
    })
    expect(created.status).toBe(201)
    const path = `/api-keys/${created.body.id}`
    expectApiError(
      await callApi(app, path, { method: "DELETE", token: token1 }),
      403,
      "insufficient_aal",
    )
    expect((await callApi(app, path, { method: "DELETE", token: token2 })).status).toBe(204)
  })

  it("refuses buying credits at aal1 with 403 and says why", async () => {
    const { aal1, aal2 } = await twoFactorAccount("buy")
    const refused = await createPayment(aal1)
    expect(refused.status).toBe(403)
    expect(refused.message).toMatch(/two-factor/i)
    expect((await createPayment(aal2)).status).toBe(200)
  })

  it("refuses a new password at aal1 with 403 insufficient_aal, and any other change", async () => {
    const { aal1, aal2 } = await twoFactorAccount("password")
    const refused = await aal1.auth.updateUser({ password: "a brand new secret 2" })
    expect(refused.error).toMatchObject({ status: 403, code: "insufficient_aal" })
    const profile = await aal1.auth.updateUser({ data: { full_name: "Ada" } })
    expect(profile.error).toMatchObject({ status: 403, code: "insufficient_aal" })
    const changed = await aal2.auth.updateUser({ password: "a brand new secret 2" })
    expect(changed.error).toBeNull()
    expect((await aal2.auth.updateUser({ data: { full_name: "Ada" } })).error).toBeNull()
  })
})

describe("without two-factor, an aal1 session does all of it", () => {
  it("creates and revokes API keys, buys credits and changes the password", async () => {
    const account = await createConfirmedAccount(app, "plain")
    const client = await signedInClient(app, account)
    const token = await tokenOf(client)
    const created = await callApi<{ id: string }>(app, "/api-keys", { token, body: { name: "CI" } })
    expect(created.status).toBe(201)
    const revoked = await callApi(app, `/api-keys/${created.body.id}`, { method: "DELETE", token })
    expect(revoked.status).toBe(204)
    expect((await createPayment(client)).status).toBe(200)
    expect((await client.auth.updateUser({ password: "another good secret 3" })).error).toBeNull()
  })
})
