import type { AuditLog, CreatedApiKey } from "@nativ/contracts"
import type { SupabaseClient } from "@supabase/supabase-js"
import { FunctionsHttpError } from "@supabase/supabase-js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { enableTwoFactor } from "../../auth/mfa-test-kit"
import { uniqueEmail } from "../../auth/test-kit"
import { clientWithToken } from "../../testing/factories"
import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api-test-kit"
import { accept, invite, MEMBER_PASSWORD } from "./members-test-kit"

/**
 * Two companies, each with people in it, used every way the product offers: row-level security
 * and the product API give each person their own company's rows and nothing of the other's, and
 * the activity log records every action it lists.
 */

/** Every table the dashboard may read over /rest/v1, and the column naming its company. */
const COMPANY_TABLES = {
  users: "id",
  end_users: "user_id",
  operations: "user_id",
  user_languages_mapping: "user_id",
  user_feedback: "user_id",
  payments: "user_id",
  credit_ledger: "user_id",
  operation_stats: "user_id",
  operation_language_stats: "user_id",
  audit_events: "company_id",
} as const

type Person = ApiUser & { client: SupabaseClient }

describe("teams: two companies side by side", () => {
  let app: TestApp
  let aliceOwner: Person
  let aliceMember: Person
  let bobOwner: Person

  const person = (user: ApiUser): Person => ({ ...user, client: clientWithToken(app, user.token) })

  async function useTheProduct(owner: Person, member: Person, language: string) {
    const added = await owner.client
      .from("user_languages_mapping")
      .insert({ user_id: owner.id, language, language_code: language.slice(0, 2).toUpperCase() })
    expect(added.error).toBeNull()
    const culturalized = await callApi(app, "/text/culturalize", {
      token: member.token,
      body: { text: "Hello", language, tool: "api" },
    })
    expect(culturalized.status).toBe(200)
    const feedback = await member.client.from("user_feedback").insert({
      user_id: owner.id,
      source: "Hello",
      result: "Bonjour",
      language,
      approved: true,
    })
    expect(feedback.error).toBeNull()
    const key = await callApi<CreatedApiKey>(app, "/api-keys", {
      token: member.token,
      body: { name: `${language} key` },
    })
    expect(key.status).toBe(201)
    const checkout = await owner.client.functions.invoke("create-payment", {
      body: { credits: 1_000, amount: 1 },
    })
    expect(checkout.error).toBeNull()
  }

  beforeAll(async () => {
    app = await createApiTestApp()
    aliceOwner = person(await signedInUser(app, 1_000))
    bobOwner = person(await signedInUser(app, 1_000))
    const aliceEmail = uniqueEmail("alice-member")
    const bobEmail = uniqueEmail("bob-member")
    await invite(app, aliceOwner, aliceEmail, "member")
    await invite(app, bobOwner, bobEmail, "admin")
    aliceMember = person(await accept(app, aliceEmail))
    const bobMember = person(await accept(app, bobEmail))
    await useTheProduct(aliceOwner, aliceMember, "French")
    await useTheProduct(bobOwner, bobMember, "German")
  })
  afterAll(() => app.close())

  it("gives each person exactly their company's rows in every table", async () => {
    for (const [who, companyId, other] of [
      [aliceOwner, aliceOwner.id, bobOwner.id],
      [aliceMember, aliceOwner.id, bobOwner.id],
      [bobOwner, bobOwner.id, aliceOwner.id],
    ] as const) {
      for (const [table, column] of Object.entries(COMPANY_TABLES)) {
        const { data, error } = await who.client.from(table).select(column)
        expect(error, `${table}: ${error?.message}`).toBeNull()
        const companies = new Set((data as Record<string, string>[]).map((r) => r[column]))
        expect(companies.has(other), `${who.email} sees the other company in ${table}`).toBe(false)
        if ((table === "audit_events" || table === "payments") && who === aliceMember) {
          expect(companies.size, `members do not read ${table}`).toBe(0)
          continue
        }
        expect([...companies], `${who.email} in ${table}`).toEqual([companyId])
      }
    }
  })

  it("gives each person only their company through every product API read", async () => {
    const bobEverything = JSON.stringify(
      await Promise.all(
        ["/account", "/members", "/api-keys", "/audit-log", "/user/languages"].map(
          async (path) => (await callApi(app, path, { token: bobOwner.token })).body,
        ),
      ),
    )
    for (const path of ["/account", "/members", "/api-keys", "/audit-log", "/user/languages"]) {
      const seen = JSON.stringify((await callApi(app, path, { token: aliceOwner.token })).body)
      expect(seen).not.toContain(bobOwner.email)
      expect(seen).not.toContain(bobOwner.id)
      expect(seen).not.toContain("German")
    }
    expect(bobEverything).not.toContain(aliceOwner.email)
    expect(bobEverything).not.toContain("French")
  })

  it("refuses a member what their role does not allow, whatever the door", async () => {
    const language = await aliceMember.client
      .from("user_languages_mapping")
      .insert({ user_id: aliceOwner.id, language: "Italian", language_code: "IT" })
    expect(language.error?.code).toBe("42501")
    const intoOther = await aliceOwner.client
      .from("user_languages_mapping")
      .insert({ user_id: bobOwner.id, language: "Italian", language_code: "IT" })
    expect(intoOther.error?.code).toBe("42501")

    const payment = await aliceMember.client.functions.invoke("create-payment", {
      body: { credits: 20_000, amount: 20 },
    })
    expect(payment.error).toBeInstanceOf(FunctionsHttpError)
    const response = (payment.error as FunctionsHttpError).context as Response
    expect(response.status).toBe(403)
    expect(((await response.json()) as { error: string }).error).toMatch(/owners and admins/)

    const keys = await callApi<{ api_keys: { name: string }[] }>(app, "/api-keys", {
      token: aliceMember.token,
    })
    expect(keys.body.api_keys.map((k) => k.name)).toEqual(["French key"])
  })

  it("records every action the log lists, whoever took it and however", async () => {
    const owner = app.client()
    const signedIn = await owner.auth.signInWithPassword({
      email: aliceMember.email,
      password: MEMBER_PASSWORD,
    })
    expect(signedIn.error).toBeNull()
    expect((await owner.auth.updateUser({ password: "a brand new secret 7" })).error).toBeNull()
    const factor = await enableTwoFactor(owner)
    expect((await owner.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull()

    const { data: french } = await aliceOwner.client
      .from("user_languages_mapping")
      .select("id")
      .eq("language", "French")
      .single()
    await aliceOwner.client.from("user_languages_mapping").delete().eq("id", french!.id)
    const keys = await callApi<{ api_keys: { id: string }[] }>(app, "/api-keys", {
      token: aliceOwner.token,
    })
    await callApi(app, `/api-keys/${keys.body.api_keys[0]!.id}`, {
      method: "DELETE",
      token: aliceOwner.token,
    })

    const checkout = await aliceOwner.client.functions.invoke("create-payment", {
      body: { credits: 20_000, amount: 20 },
    })
    const session = decodeURIComponent(
      (checkout.data as { url: string }).url.split("/_checkout/")[1]!,
    )
    await fetch(`${app.url}/_checkout/${encodeURIComponent(session)}/pay`, {
      method: "POST",
      redirect: "manual",
    })
    const verified = await aliceOwner.client.functions.invoke("verify-payment", {
      body: { session_id: session },
    })
    expect(verified.data).toEqual({ credits_added: 20_000 })

    const log = await callApi<AuditLog>(app, "/audit-log?limit=200", { token: aliceOwner.token })
    const byAction = new Map(log.body.events.map((e) => [e.action, e]))
    expect([...byAction.keys()].sort()).toEqual(
      [
        "api_key.created",
        "api_key.revoked",
        "credits.purchased",
        "language.added",
        "language.deleted",
        "member.invited",
        "member.joined",
        "password.changed",
        "two_factor.enabled",
        "two_factor.removed",
      ].sort(),
    )
    expect(byAction.get("password.changed")!.actor_email).toBe(aliceMember.email)
    expect(byAction.get("credits.purchased")).toMatchObject({
      actor_email: aliceOwner.email,
      details: { credits: 20_000, amount_cents: 2000 },
    })
    expect(byAction.get("language.deleted")).toMatchObject({
      actor_email: aliceOwner.email,
      target: "French",
    })
  })
})
