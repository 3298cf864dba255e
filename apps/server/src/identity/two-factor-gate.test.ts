import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { callApi, createApiTestApp, expectApiError } from "../api/api-test-kit"
import { codeAt, enableTwoFactor } from "../auth/mfa-test-kit"
import { type Account, authFetch, createConfirmedAccount, signedInClient } from "../auth/test-kit"
import { grantCredits } from "../testing/factories"
import type { TestApp } from "../testing/test-app"

/**
 * With two-factor on, a password-only (aal1) session may only finish signing in: every protocol
 * answers anything else 403 insufficient_aal in its own shape, while the same calls from the aal2
 * session and from the company's API key work (auth/aal.ts, docs/identity.md).
 */
let app: TestApp
let aal1: SupabaseClient
let aal2: SupabaseClient
let token1: string
let token2: string
let apiKey: string
let companyId: string
let secret: string
let account: Account

const tokenOf = async (client: SupabaseClient) =>
  (await client.auth.getSession()).data.session!.access_token

beforeAll(async () => {
  app = await createApiTestApp()
  account = await createConfirmedAccount(app, "gate")
  aal2 = await signedInClient(app, account)
  secret = (await enableTwoFactor(aal2)).secret
  aal1 = await signedInClient(app, account)
  token1 = await tokenOf(aal1)
  token2 = await tokenOf(aal2)
  companyId = (await aal2.auth.getUser()).data.user!.id
  await grantCredits(app.deps, companyId, 10_000)
  const key = await callApi<{ key: string }>(app, "/api-keys", {
    token: token2,
    body: { name: "CI" },
  })
  expect(key.status).toBe(201)
  apiKey = key.body.key
})
afterAll(() => app.close())

const culturalize = {
  method: "POST",
  body: { text: "The box weighs 5 pounds.", language: "German", language_code: "DE", tool: "api" },
}

describe("/api/v1", () => {
  const calls: [string, string, { method?: string; body?: unknown }][] = [
    ["reading languages", "/user/languages", {}],
    ["reading billing", "/billing/payments", {}],
    ["reading the audit log", "/audit-log", {}],
    ["spending credits", "/text/culturalize", culturalize],
    [
      "changing the brand voice",
      "/style-guide/prompt",
      { method: "PUT", body: { prompt: "Warm" } },
    ],
    ["creating a glossary", "/glossaries", { body: { name: "Terms" } }],
    ["changing low-balance alerts", "/notifications", { method: "PATCH", body: {} }],
    ["creating an API key", "/api-keys", { body: { name: "second" } }],
  ]
  for (const [what, path, init] of calls)
    it(`refuses ${what} at aal1 with 403 insufficient_aal`, async () => {
      const res = await callApi<{ error: { message: string } }>(app, path, {
        ...init,
        token: token1,
      })
      expectApiError(res, 403, "insufficient_aal")
      expect(res.body.error.message).toMatch(/two-factor/i)
    })

  it("answers the same reads and a translation at aal2", async () => {
    expect((await callApi(app, "/user/languages", { token: token2 })).status).toBe(200)
    expect((await callApi(app, "/billing/payments", { token: token2 })).status).toBe(200)
    expect((await callApi(app, "/audit-log", { token: token2 })).status).toBe(200)
    expect(
      (await callApi(app, "/text/culturalize", { ...culturalize, token: token2 })).status,
    ).toBe(200)
  })

  it("lets the company's API key read and translate: a key is not a session", async () => {
    expect((await callApi(app, "/user/languages", { token: apiKey })).status).toBe(200)
    const res = await callApi(app, "/text/culturalize", {
      ...culturalize,
      headers: { "X-API-Key": apiKey },
    })
    expect(res.status).toBe(200)
  })
})

describe("/rest/v1", () => {
  it("refuses a read at aal1 with 403 insufficient_aal in PostgREST's shape", async () => {
    const { error, status } = await aal1.from("users").select("credits")
    expect(status).toBe(403)
    expect(error).toMatchObject({
      code: "insufficient_aal",
      message: expect.stringMatching(/two-factor/i),
    })
  })

  it("refuses a write at aal1 and writes nothing", async () => {
    const row = { user_id: companyId, language: "Klingon", language_code: "TLH" }
    const refused = await aal1.from("user_languages_mapping").insert(row)
    expect(refused.status).toBe(403)
    expect(refused.error?.code).toBe("insufficient_aal")
    const after = await aal2.from("user_languages_mapping").select("id").eq("language", "Klingon")
    expect(after.data).toEqual([])
  })

  it("reads and writes at aal2", async () => {
    const read = await aal2.from("users").select("credits")
    expect(read.error).toBeNull()
    expect(read.data).toHaveLength(1)
    const row = { user_id: companyId, language: "Latin", language_code: "LA" }
    expect((await aal2.from("user_languages_mapping").insert(row)).error).toBeNull()
  })

  it("still answers the service-role key", async () => {
    const { serviceRole } = app.deps.keys
    const res = await app.fetch("/rest/v1/users?select=id", {
      headers: { apikey: serviceRole, Authorization: `Bearer ${serviceRole}` },
    })
    expect(res.status).toBe(200)
  })
})

describe("/functions/v1", () => {
  async function createPayment(client: SupabaseClient) {
    const { error } = await client.functions.invoke("create-payment", {
      body: { credits: 20_000, amount: 20 },
    })
    if (!error) return { status: 200, body: null }
    if (!(error instanceof FunctionsHttpError)) throw error
    const response = error.context as Response
    return { status: response.status, body: (await response.json()) as unknown }
  }

  it("refuses a payment at aal1 with 403 {error, code: insufficient_aal}", async () => {
    const refused = await createPayment(aal1)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      error: expect.stringMatching(/two-factor/i),
      code: "insufficient_aal",
    })
    expect((await createPayment(aal2)).status).toBe(200)
  })
})

describe("/mcp", () => {
  const initialize = (token: string) =>
    app.fetch("/mcp", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "nativ-test", version: "1.0.0" },
        },
      }),
    })

  it("refuses an aal1 token with 403 insufficient_aal before reading any message", async () => {
    const res = await initialize(token1)
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ error: { code: "insufficient_aal" } })
  })

  it("serves the aal2 token and the company's API key", async () => {
    expect((await initialize(token2)).status).toBe(200)
    expect((await initialize(apiKey)).status).toBe(200)
  })
})

describe("/auth/v1", () => {
  it("lets an aal1 session read its user and factors", async () => {
    const { data, error } = await aal1.auth.mfa.listFactors()
    expect(error).toBeNull()
    expect(data?.totp).toHaveLength(1)
  })

  it("refuses any change to the user at aal1, not only a new password", async () => {
    const res = await authFetch(app, "/user", {
      method: "PUT",
      token: token1,
      body: { data: { full_name: "Mallory" } },
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({
      code: "insufficient_aal",
      error_code: "insufficient_aal",
      msg: expect.stringMatching(/two-factor/i),
    })
  })

  it("refuses signing the other sessions out at aal1 (scopes others and global)", async () => {
    for (const scope of ["others", "global"]) {
      const res = await authFetch(app, `/logout?scope=${scope}`, { method: "POST", token: token1 })
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ error_code: "insufficient_aal" })
    }
    // Neither session ended.
    expect((await authFetch(app, "/user", { token: token2 })).status).toBe(200)
    expect((await authFetch(app, "/user", { token: token1 })).status).toBe(200)
  })

  it("lets an aal1 session sign itself out (scope local)", async () => {
    const other = await tokenOf(await signedInClient(app, account))
    const res = await authFetch(app, "/logout?scope=local", { method: "POST", token: other })
    expect(res.status).toBe(204)
    expect((await authFetch(app, "/user", { token: other })).status).toBe(403)
    expect((await authFetch(app, "/user", { token: token2 })).status).toBe(200)
  })

  it("lets an aal1 session finish signing in, after which every protocol answers it", async () => {
    const factorId = (await aal1.auth.mfa.listFactors()).data!.totp[0]!.id
    // The next 30-second step: the current one was used when the factor was verified.
    const { error } = await aal1.auth.mfa.challengeAndVerify({
      factorId,
      code: codeAt(secret, Date.now() + 30_000),
    })
    expect(error).toBeNull()
    const raised = await tokenOf(aal1)
    expect((await callApi(app, "/user/languages", { token: raised })).status).toBe(200)
    expect((await aal1.from("users").select("credits")).error).toBeNull()
  })

  it("lets an aal2 session sign the others out", async () => {
    const res = await authFetch(app, "/logout?scope=others", { method: "POST", token: token2 })
    expect(res.status).toBe(204)
  })
})

describe("/rest/v1 and the factor's mirror on the membership row", () => {
  async function restStatus(client: SupabaseClient) {
    return (await client.from("users").select("credits")).status
  }

  it("follows the factor: once it is removed, a password-only session reads again", async () => {
    const other = await createConfirmedAccount(app, "mirror")
    const strong = await signedInClient(app, other)
    const factor = await enableTwoFactor(strong)
    const weak = await signedInClient(app, other)
    expect(await restStatus(weak)).toBe(403)
    expect((await strong.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull()
    expect(await restStatus(weak)).toBe(200)
  })

  it("asks auth.mfa_factors about a person in no company", async () => {
    const other = await createConfirmedAccount(app, "nocompany")
    const strong = await signedInClient(app, other)
    await enableTwoFactor(strong)
    const weak = await signedInClient(app, other)
    const userId = (await strong.auth.getUser()).data.user!.id
    await sql`delete from nativ.memberships where auth_user_id = ${userId}::uuid`.execute(
      app.deps.database.db,
    )
    expect(await restStatus(weak)).toBe(403)
    expect(await restStatus(strong)).toBe(200)
  })
})
