import { findUnstorable, unstorableMessage } from "@nativ/contracts"
import type { Context } from "hono"

/**
 * Each protocol's largest request body, refused with 413 while it streams in (hono's bodyLimit
 * in each route table), so an oversized upload is never read whole:
 * - /auth/v1: 64 KiB — credentials and user metadata (itself capped at 4 KiB);
 * - /api/v1: 1 MiB — culturalize input is the largest;
 * - /rest/v1: 1,000,000 bytes (rest-handlers.ts MAX_BODY_BYTES) — bulk inserts;
 * - /functions/v1: 10,000 bytes for our own inputs, 512 KiB for Stripe's webhook events;
 * - /admin/v1: 16 KiB — operator commands.
 */
export const BODY_LIMITS = {
  auth: 64 * 1024,
  api: 1024 * 1024,
  functions: 10_000,
  stripeWebhook: 512 * 1024,
  /** /admin/v1: operator commands' small inputs. */
  admin: 16 * 1024,
} as const

/** Why a body was refused; each protocol words it in its own error shape. */
export type JsonBodyProblem =
  | { kind: "invalid_json" }
  | { kind: "not_an_object"; value: unknown }
  | { kind: "unstorable"; message: string }

export type JsonBody =
  { ok: true; value: Record<string, unknown> } | { ok: false; problem: JsonBodyProblem }

/**
 * The one reader of JSON request bodies: an empty body counts as `{}`; the value must be an
 * object; text PostgreSQL cannot store (NUL, unpaired surrogates) and too-deep nesting are
 * refused wherever they are, before any schema sees the value. The parser's own message is never
 * passed on: it quotes the body, which may hold a password.
 */
export function readJsonBody(c: Context): Promise<JsonBody> {
  // Read once per request: the rate limiter reads the body before the handler does.
  let read = bodies.get(c.req.raw)
  if (!read) bodies.set(c.req.raw, (read = parseJsonBody(c)))
  return read
}

const bodies = new WeakMap<Request, Promise<JsonBody>>()

async function parseJsonBody(c: Context): Promise<JsonBody> {
  const text = await c.req.text()
  let value: unknown = {}
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text)
    } catch {
      return { ok: false, problem: { kind: "invalid_json" } }
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, problem: { kind: "not_an_object", value } }
  const unstorable = findUnstorable(value)
  if (unstorable)
    return { ok: false, problem: { kind: "unstorable", message: unstorableMessage(unstorable) } }
  return { ok: true, value: value as Record<string, unknown> }
}
