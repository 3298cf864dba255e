import { createHmac, randomBytes } from "node:crypto"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

export type FakeSession = {
  id: string
  object: "checkout.session"
  url: string
  status: "open" | "complete" | "expired"
  payment_status: "unpaid" | "paid"
  amount_total: number
  currency: string
  success_url: string
  cancel_url: string
  client_reference_id: string | null
  customer_email: string | null
  metadata: Record<string, string>
  mode: string
  payment_intent: string | null
}

/** The Charge behind a paid session, with the receipt Stripe hosts for it. */
export type FakeCharge = { id: string; object: "charge"; receipt_url: string | null }

type FakePaymentIntent = { id: string; object: "payment_intent"; latest_charge: string }

/**
 * A local HTTP server answering like Stripe's API for Checkout Sessions (form-encoded requests,
 * JSON responses, Bearer secret key), so the official `stripe` package can be tested unchanged.
 */
export async function startFakeStripe(secretKey: string) {
  const sessions = new Map<string, FakeSession>()
  const intents = new Map<string, FakePaymentIntent>()
  const charges = new Map<string, FakeCharge>()
  /** A session as Stripe returns it, with `payment_intent.latest_charge` expanded when asked. */
  const render = (session: FakeSession, expand: string[]) => {
    const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined
    if (!intent || !expand.some((e) => e.startsWith("payment_intent"))) return session
    return {
      ...session,
      payment_intent: expand.includes("payment_intent.latest_charge")
        ? { ...intent, latest_charge: charges.get(intent.latest_charge) }
        : intent,
    }
  }
  const requests: { method: string; path: string; query: string; form: URLSearchParams }[] = []
  const server = createServer((req, res) => {
    let raw = ""
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")))
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": "req_fake" })
        res.end(JSON.stringify(body))
      }
      const [path = "", query = ""] = (req.url ?? "").split("?")
      // The SDK sends `expand[0]=…` on a GET; `expand[]=…` is also Stripe's.
      const expand = [...new URLSearchParams(query)].flatMap(([k, v]) =>
        /^expand\[\d*\]$/.test(k) ? [v] : [],
      )
      const form = new URLSearchParams(raw)
      requests.push({ method: req.method ?? "", path, query, form })
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return send(401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        })
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const id = `cs_test_${randomBytes(12).toString("hex")}`
        const session: FakeSession = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: "open",
          payment_status: "unpaid",
          amount_total:
            Number(form.get("line_items[0][price_data][unit_amount]")) *
            Number(form.get("line_items[0][quantity]") ?? 1),
          currency: form.get("line_items[0][price_data][currency]") ?? "usd",
          success_url: form.get("success_url") ?? "",
          cancel_url: form.get("cancel_url") ?? "",
          client_reference_id: form.get("client_reference_id"),
          customer_email: form.get("customer_email"),
          metadata: Object.fromEntries(
            [...form].flatMap(([k, v]) => {
              const m = /^metadata\[(.+)\]$/.exec(k)
              return m ? [[m[1]!, v]] : []
            }),
          ),
          mode: form.get("mode") ?? "",
          payment_intent: null,
        }
        sessions.set(id, session)
        return send(200, session)
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)
      if (req.method === "GET" && match) {
        const session = sessions.get(decodeURIComponent(match[1]!))
        if (!session)
          return send(404, {
            error: { type: "invalid_request_error", message: "No such checkout.session" },
          })
        return send(200, render(session, expand))
      }
      send(404, {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${req.method}: ${path})`,
        },
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    charges,
    /** Pays a session: a payment intent and its Charge, whose receipt_url is `receiptUrl`. */
    pay(id: string, receiptUrl: string | null = `https://pay.stripe.test/receipts/${id}`) {
      const session = sessions.get(id)!
      session.status = "complete"
      session.payment_status = "paid"
      if (!session.payment_intent) {
        const suffix = randomBytes(8).toString("hex")
        const charge: FakeCharge = { id: `ch_${suffix}`, object: "charge", receipt_url: receiptUrl }
        charges.set(charge.id, charge)
        intents.set(`pi_${suffix}`, {
          id: `pi_${suffix}`,
          object: "payment_intent",
          latest_charge: charge.id,
        })
        session.payment_intent = `pi_${suffix}`
      }
      return session
    },
    expire(id: string) {
      const session = sessions.get(id)!
      session.status = "expired"
      return session
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Signs a webhook payload the way Stripe does: `t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signStripePayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex")
  return `t=${timestamp},v1=${signature}`
}

export function checkoutEvent(type: string, session: FakeSession) {
  return JSON.stringify({
    id: `evt_${randomBytes(8).toString("hex")}`,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: session },
  })
}
