import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createConfirmedAccount, signedInClient, uniqueEmail } from "../auth/test-kit"
import { createApiTestApp, signedInUser } from "../api/api-test-kit"
import { accept, invite } from "../api/members/members-test-kit"
import type { TestApp } from "../testing/test-app"
import { readBalance } from "./ledger"
import { SIGNUP_GRANT_REASON } from "./signup-grant"

type LedgerRow = { delta: string; balance_after: string; reason: string; reference: string }

async function ledgerOf(app: TestApp, companyId: string) {
  const { rows } = await sql<LedgerRow>`
    select delta::text, balance_after::text, reason, reference from public.credit_ledger
    where user_id = ${companyId} order by id
  `.execute(app.deps.database.db)
  return rows
}

async function companyOf(app: TestApp, email: string) {
  const { rows } = await sql<{ company: string }>`
    select user_id as company from public.end_users where email = ${email}
  `.execute(app.deps.database.db)
  return rows[0]!.company
}

describe("SIGNUP_CREDITS", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp({ SIGNUP_CREDITS: "250" })
  })
  afterAll(() => app.close())

  it("grants a company founded by sign-up its credits once, as a signup_grant in the ledger", async () => {
    const account = await createConfirmedAccount(app, "grant")
    const company = await companyOf(app, account.email)
    expect(await readBalance(app.deps.database.db, company)).toBe(250)
    expect(await ledgerOf(app, company)).toEqual([
      { delta: "250", balance_after: "250", reason: SIGNUP_GRANT_REASON, reference: company },
    ])

    // The owner reads the grant in their own ledger, under row-level security.
    const client = await signedInClient(app, account)
    const { data, error } = await client
      .from("credit_ledger")
      .select("delta, reason")
      .eq("reason", SIGNUP_GRANT_REASON)
    expect(error).toBeNull()
    expect(data).toEqual([{ delta: 250, reason: SIGNUP_GRANT_REASON }])
  })

  it("grants nothing again when the same address signs up a second time", async () => {
    const email = uniqueEmail("retry")
    const signUp = () =>
      app
        .client()
        .auth.signUp({ email, password: "correct horse 1" })
        .then((r) => r.error)
    expect(await signUp()).toBeNull()
    expect(await signUp()).toBeNull()
    const company = await companyOf(app, email)
    expect(await ledgerOf(app, company)).toHaveLength(1)
    expect(await readBalance(app.deps.database.db, company)).toBe(250)
  })

  it("gives a member invited into an existing company nothing, and the company nothing more", async () => {
    const owner = await signedInUser(app)
    const before = await ledgerOf(app, owner.id)
    const row = await invite(app, owner, uniqueEmail("invited"), "member")
    const member = await accept(app, row.email)
    expect(await companyOf(app, member.email)).toBe(owner.id)
    expect(await ledgerOf(app, owner.id)).toEqual(before)
    expect(await ledgerOf(app, member.id)).toEqual([])
  })
})

describe("SIGNUP_CREDITS unset", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp()
  })
  afterAll(() => app.close())

  it("grants nothing and writes no ledger row", async () => {
    const account = await createConfirmedAccount(app, "nogrant")
    const company = await companyOf(app, account.email)
    expect(await readBalance(app.deps.database.db, company)).toBe(0)
    expect(await ledgerOf(app, company)).toEqual([])
  })
})
