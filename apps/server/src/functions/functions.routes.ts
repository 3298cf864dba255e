import { type Context, Hono } from "hono"

import { createPaymentProvider } from "../billing/provider"
import type { AppDeps } from "../deps"
import { FunctionError } from "./function-error"
import { createPayment, verifyPayment } from "./payments.handlers"
import { stripeWebhook } from "./stripe-webhook.handler"

/**
 * /functions/v1 — what functions-js invokes (POST, JSON body, bearer token). Mirrors Supabase
 * Edge Functions: a non-2xx answer carries `{error: message}`, which the dashboard reads from
 * `error.context.json()`.
 */
export function functionsRoutes(deps: AppDeps) {
  const app = new Hono()
  const provider = createPaymentProvider(deps)
  const guard = (handler: (c: Context) => Promise<Response>) => async (c: Context) => {
    try {
      return await handler(c)
    } catch (error) {
      if (error instanceof FunctionError) return c.json({ error: error.message }, error.status)
      // Still `{error: string}`, so the dashboard can show it; the cause is logged, never sent.
      deps.logger.error({ err: error }, "function failed")
      return c.json({ error: "Something went wrong on our side. Please try again." }, 500)
    }
  }

  app.post(
    "/create-payment",
    guard((c) => createPayment(deps, provider, c)),
  )
  app.post(
    "/verify-payment",
    guard((c) => verifyPayment(deps, provider, c)),
  )
  app.post("/stripe-webhook", guard(stripeWebhook(deps)))
  app.all("*", (c) =>
    c.json(
      { error: c.req.method === "POST" ? "Function not found" : "Functions are invoked with POST" },
      c.req.method === "POST" ? 404 : 405,
    ),
  )
  return app
}
