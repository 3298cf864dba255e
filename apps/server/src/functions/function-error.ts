import type { MemberRole } from "@nativ/contracts"
import type { Context } from "hono"

import { INSUFFICIENT_AAL_MESSAGE } from "../auth/aal"
import { AccessTokenError, type TokenRefusal, verifySignedInUser } from "../identity/access-token"
import { bearerToken } from "../identity/bearer"
import type { AppDeps } from "../deps"
import { readJsonBody } from "../http/json-body"

/**
 * A /functions/v1 failure: answered as `{error: message}` with a non-2xx status, and `code` when
 * a client needs to tell the refusal apart (`insufficient_aal`).
 */
export class FunctionError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 502 | 503,
    message: string,
    readonly code?: "insufficient_aal",
  ) {
    super(message)
  }
}

/** The signed-in person (`userId`, their auth user id) and the company they act for. */
export type Caller = {
  userId: string
  companyId: string
  role: MemberRole
  email: string | null
}

/**
 * The signed-in caller, from `Authorization: Bearer <access token>` (what functions-js sends
 * after sign-in), checked as /api/v1 checks it: a signed-out session is refused at once, and a
 * password-only session of an account with two-factor on gets 403 insufficient_aal. The anon key
 * is refused: payments belong to an account.
 */
export async function authenticateCaller(deps: AppDeps, c: Context): Promise<Caller> {
  const token = bearerToken(c)
  if (!token) throw new FunctionError(401, "Missing authorization header")
  try {
    const { userId, member, owesSecondFactor } = await verifySignedInUser(deps, token)
    if (owesSecondFactor) throw new FunctionError(403, INSUFFICIENT_AAL_MESSAGE, "insufficient_aal")
    if (!member) throw new FunctionError(403, "You are not a member of any company on Nativ.")
    return { userId, companyId: member.companyId, role: member.role, email: member.email }
  } catch (error) {
    if (!(error instanceof AccessTokenError)) throw error
    throw new FunctionError(401, refusal[error.reason])
  }
}

const refusal: Record<TokenRefusal, string> = {
  expired: "Your session has expired. Please sign in again.",
  invalid: "Invalid JWT",
  not_a_user: "Sign in to buy credits",
  user_not_found: "Your session has ended. Please sign in again.",
  session_not_found: "Your session has ended. Please sign in again.",
}

/**
 * Parses the request body (http/json-body.ts) with a zod-like schema; the first issue becomes a
 * 400 message, as does text the database cannot store or too-deep nesting anywhere in the body.
 */
export async function readInput<T>(
  c: Context,
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }
  },
): Promise<T> {
  const body = await readJsonBody(c)
  if (!body.ok) {
    const { problem } = body
    // Arrays and scalars are valid JSON: the schema says what is missing, as before.
    if (problem.kind === "unstorable") throw new FunctionError(400, problem.message)
    if (problem.kind === "invalid_json")
      throw new FunctionError(400, "Request body must be valid JSON")
  }
  const parsed = schema.safeParse(
    body.ok ? body.value : body.problem.kind === "not_an_object" ? body.problem.value : undefined,
  )
  if (!parsed.success)
    throw new FunctionError(400, parsed.error.issues[0]?.message ?? "Invalid request body")
  return parsed.data
}
