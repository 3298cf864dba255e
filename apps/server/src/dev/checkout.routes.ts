import { textProblem } from "@nativ/contracts"
import { Hono } from "hono"
import { html, raw } from "hono/html"

import { findPayment, type Payment, settlePayment } from "../billing/payments.repo"
import { returnUrls } from "../billing/payment-provider"
import type { AppDeps } from "../deps"
import { sha256Source } from "../http/csp-hash"

/**
 * /_checkout/{session} — the embedded test checkout (PAYMENTS_PROVIDER=local): a page with the
 * amount and credits, "Pay $X" and "Cancel". Pay marks the session paid and returns to
 * `${SITE_URL}/credits?success=true&session_id=…` (where the dashboard calls verify-payment);
 * Cancel returns to `${SITE_URL}/credits?canceled=true`. No money moves.
 */
export function checkoutRoutes(deps: AppDeps) {
  const urls = returnUrls(deps.env.SITE_URL)
  const load = async (session: string) => {
    // No session id holds text the database cannot store; asking it would only fail.
    if (textProblem(session)) return null
    const payment = await findPayment(deps.database.db, session)
    return payment?.provider === "local" ? payment : null
  }
  const app = new Hono()
  app.use(async (c, next) => {
    await next()
    c.header("Cache-Control", "no-store")
    // Pay and Cancel post here and are redirected to SITE_URL, which form-action must allow.
    c.header(
      "Content-Security-Policy",
      `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self' ${deps.env.SITE_URL}; base-uri 'none'; frame-ancestors 'none'`,
    )
  })

  app.get("/:session", async (c) => {
    const payment = await load(c.req.param("session"))
    if (!payment)
      return c.html(
        page("Checkout not found", html`<p>This checkout session does not exist.</p>`),
        404,
      )
    return c.html(page("Nativ test checkout", checkoutBody(payment, urls)))
  })

  app.post("/:session/pay", async (c) => {
    const session = c.req.param("session")
    if (!(await load(session)))
      return c.html(
        page("Checkout not found", html`<p>This checkout session does not exist.</p>`),
        404,
      )
    const payment = await settlePayment(deps.database.db, session, "paid")
    if (payment?.status !== "paid")
      return c.html(
        page(
          "Checkout canceled",
          html`<p>This checkout session was canceled and cannot be paid.</p>`,
        ),
        409,
      )
    return c.redirect(urls.success(session), 303)
  })

  app.post("/:session/cancel", async (c) => {
    const session = c.req.param("session")
    if (!(await load(session)))
      return c.html(
        page("Checkout not found", html`<p>This checkout session does not exist.</p>`),
        404,
      )
    const payment = await settlePayment(deps.database.db, session, "canceled")
    if (payment?.status === "paid")
      return c.html(page("Already paid", html`<p>This checkout session is already paid.</p>`), 409)
    return c.redirect(urls.canceled, 303)
  })
  return app
}

function usd(cents: number) {
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

function checkoutBody(payment: Payment, urls: ReturnType<typeof returnUrls>) {
  const amount = usd(payment.amount_cents)
  const credits = payment.credits.toLocaleString("en-US")
  const base = `/_checkout/${encodeURIComponent(payment.session_id)}`
  if (payment.status === "paid")
    return html`<p>This session is paid: ${credits} credits for ${amount}.</p>
      <p><a href="${urls.success(payment.session_id)}">Return to Nativ</a></p>`
  if (payment.status === "canceled")
    return html`<p>This session was canceled.</p>
      <p><a href="${urls.canceled}">Return to Nativ</a></p>`
  return html`<p class="note">Test checkout: no real payment is taken.</p>
    <dl>
      <dt>Credits</dt>
      <dd>${credits} credits</dd>
      <dt>Amount</dt>
      <dd>${amount}</dd>
    </dl>
    <div class="actions">
      <form method="post" action="${base}/pay">
        <button type="submit" class="pay">Pay ${amount}</button>
      </form>
      <form method="post" action="${base}/cancel"><button type="submit">Cancel</button></form>
    </div>`
}

const STYLE = `
body {
  font-family: system-ui, sans-serif;
  max-width: 420px;
  margin: 3rem auto;
  padding: 0 1rem;
  color: #111;
}
dl {
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.5rem 1rem;
  margin: 1.5rem 0;
}
dt {
  color: #555;
}
dd {
  margin: 0;
  font-weight: 600;
}
.actions {
  display: flex;
  gap: 0.75rem;
}
button {
  font: inherit;
  padding: 0.6rem 1.2rem;
  border-radius: 6px;
  border: 1px solid #999;
  background: #fff;
  cursor: pointer;
}
.pay {
  background: #111;
  color: #fff;
  border-color: #111;
}
.note {
  color: #555;
}
`
// Hashed into the policy: the block must go out byte for byte, outside the formatted template.
const STYLE_HASH = sha256Source(STYLE)

function page(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${title}</title>
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        ${raw(`<style>${STYLE}</style>`)}
      </head>
      <body>
        <main>
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html>`
}
