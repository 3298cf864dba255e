import type { BillingPaymentList } from "@nativ/contracts"
import { sql } from "kysely"
import { expect } from "vitest"

import { clientWithToken } from "../../testing/factories"
import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi } from "../api-test-kit"

/** Purchases through the local test checkout, as the dashboard and the buyer's browser do. */

export async function startCheckout(app: TestApp, buyer: ApiUser, amount: number) {
  const { data, error } = await clientWithToken(app, buyer.token).functions.invoke(
    "create-payment",
    { body: { credits: amount * 1000, amount } },
  )
  expect(error).toBeNull()
  const url = (data as { url: string }).url
  return { url, session: decodeURIComponent(url.split("/_checkout/")[1]!) }
}

export async function verify(app: TestApp, buyer: ApiUser, session: string) {
  return clientWithToken(app, buyer.token).functions.invoke("verify-payment", {
    body: { session_id: session },
  })
}

/** Starts, pays and verifies a purchase; its id in the billing history. */
export async function buy(app: TestApp, buyer: ApiUser, amount: number) {
  const { url, session } = await startCheckout(app, buyer, amount)
  await finish(url, "pay")
  const verified = await verify(app, buyer, session)
  expect(verified.error).toBeNull()
  return { session, id: await paymentId(app, session) }
}

/** Pays or cancels on the test checkout page. */
export async function finish(checkoutUrl: string, action: "pay" | "cancel") {
  const res = await fetch(`${checkoutUrl}/${action}`, { method: "POST", redirect: "manual" })
  expect(res.status).toBe(303)
}

export async function history(app: TestApp, user: ApiUser, query = "") {
  return callApi<BillingPaymentList>(app, `/billing/payments${query}`, { token: user.token })
}

export async function paymentId(app: TestApp, session: string) {
  const { rows } = await sql<{ id: string }>`
    select id from public.payments where session_id = ${session}
  `.execute(app.deps.database.db)
  return rows[0]!.id
}
