import { Hono } from "hono"
import { bodyLimit } from "hono/body-limit"

import { createPaymentProvider } from "../billing/provider"
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "../db/unavailable"
import type { AppDeps } from "../deps"
import { BODY_LIMITS } from "../http/json-body"
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
  // Counted while the body streams in, so an oversized upload is refused without being read.
  const limit = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => c.json({ error: "Request body is too large" }, 413),
    })

  app.post("/create-payment", limit(BODY_LIMITS.functions), (c) => createPayment(deps, provider, c))
  app.post("/verify-payment", limit(BODY_LIMITS.functions), (c) => verifyPayment(deps, provider, c))
  app.post("/stripe-webhook", limit(BODY_LIMITS.stripeWebhook), stripeWebhook(deps))
  app.all("*", (c) =>
    c.json(
      { error: c.req.method === "POST" ? "Function not found" : "Functions are invoked with POST" },
      c.req.method === "POST" ? 404 : 405,
    ),
  )
  app.onError((error, c) => {
    if (error instanceof FunctionError)
      return c.json(
        error.code ? { error: error.message, code: error.code } : { error: error.message },
        error.status,
      )
    const reqId = c.get("requestId")
    if (isDatabaseUnavailable(error)) {
      deps.logger.warn({ reqId, err: error }, "function: database unavailable")
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS))
      return c.json({ error: DATABASE_UNAVAILABLE_MESSAGE }, 503)
    }
    // Still `{error: string}`, so the dashboard can show it; the cause is logged, never sent.
    deps.logger.error({ reqId, err: error }, "function failed")
    return c.json({ error: "Something went wrong on our side. Please try again." }, 500)
  })
  return app
}
