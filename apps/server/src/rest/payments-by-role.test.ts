import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { callApi, createApiTestApp, signedInUser, type ApiUser } from "../api/api-test-kit"
import { accept, invite } from "../api/members/members-test-kit"
import { uniqueEmail } from "../auth/test-kit"
import { clientWithToken } from "../testing/factories"
import type { TestApp } from "../testing/test-app"

/**
 * Payments hold receipt numbers, the buyer and Stripe references: over /rest/v1 only owners and
 * admins read them, as the billing API allows; a member of the same company reads none.
 */
describe("REST payments by role", () => {
  let app: TestApp
  let owner: ApiUser
  let admin: ApiUser
  let member: ApiUser

  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
    const adminEmail = uniqueEmail("pay-admin")
    const memberEmail = uniqueEmail("pay-member")
    await invite(app, owner, adminEmail, "admin")
    await invite(app, owner, memberEmail, "member")
    admin = await accept(app, adminEmail)
    member = await accept(app, memberEmail)
    const checkout = await clientWithToken(app, owner.token).functions.invoke("create-payment", {
      body: { credits: 1_000, amount: 1 },
    })
    expect(checkout.error).toBeNull()
  })
  afterAll(() => app.close())

  const readPayments = (who: ApiUser) =>
    clientWithToken(app, who.token)
      .from("payments")
      .select("id, user_id, session_id, receipt_number, member_email, provider_reference")

  it("gives owners and admins the company's payments", async () => {
    for (const who of [owner, admin]) {
      const { data, error } = await readPayments(who)
      expect(error).toBeNull()
      expect(data, who.email).toHaveLength(1)
      expect(data![0]).toMatchObject({ user_id: owner.id, member_email: owner.email })
    }
  })

  it("gives a member no payment, by listing or by id", async () => {
    const { data: rows } = await readPayments(owner)
    const { data, error } = await readPayments(member)
    expect(error).toBeNull()
    expect(data).toEqual([])
    const byId = await clientWithToken(app, member.token)
      .from("payments")
      .select("*")
      .eq("id", rows![0]!.id)
    expect(byId.data).toEqual([])
    const billing = await callApi(app, "/billing/payments", { token: member.token })
    expect(billing.status).toBe(403)
  })
})
