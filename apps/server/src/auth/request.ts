import type { Context } from "hono"
import { z } from "zod"

import { readJsonBody } from "../http/json-body"
import { AuthError } from "./errors"

/**
 * Reads a JSON body (http/json-body.ts) and validates it. Unknown and null fields that the client
 * sends (gotrue_meta_security, code_challenge …) are ignored, an empty body counts as `{}`.
 */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const body = await readJsonBody(c)
  if (!body.ok) {
    const { problem } = body
    if (problem.kind === "unstorable")
      throw new AuthError(400, "validation_failed", problem.message)
    throw new AuthError(
      400,
      "bad_json",
      problem.kind === "invalid_json"
        ? "Could not parse request body as JSON"
        : "Request body must be a JSON object",
    )
  }
  const parsed = schema.safeParse(body.value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new AuthError(400, "validation_failed", issue?.message ?? "Invalid request body")
  }
  return parsed.data
}

/** Email addresses are compared and stored trimmed and lower-cased. */
export const emailField = z
  .string({ error: "An email address is required" })
  .trim()
  .toLowerCase()
  .max(255, { error: "Unable to validate email address: address is too long" })
  .pipe(z.email({ error: "Unable to validate email address: invalid format" }))

/** Signup `data` / invite `data`: free-form user metadata, bounded so it cannot bloat tokens. */
export const metadataField = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => v ?? {})
  .refine((v) => JSON.stringify(v).length <= 4096, { error: "User metadata is too large" })

/**
 * The caller's address for rate limits: the TCP peer, or — behind `trustedProxies` reverse
 * proxies (TRUST_PROXY) — the address those proxies appended to X-Forwarded-For. Entries to the
 * left of them are client-supplied and never trusted.
 */
export function clientIp(c: Context, trustedProxies = 0): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  const peer = env?.incoming?.socket?.remoteAddress ?? "unknown"
  if (trustedProxies <= 0) return peer
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
  return forwarded[forwarded.length - trustedProxies] ?? forwarded[0] ?? peer
}
