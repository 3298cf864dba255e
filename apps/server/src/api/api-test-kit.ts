import { expect } from "vitest"

import { createConfirmedAccount, roomyLimits, signedInClient } from "../auth/test-kit"
import { grantCredits } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

/** Test helpers for /api/v1: a real signed-in account (through /auth/v1) and JSON calls. */

/** Text budgets no test reaches by accident (rate-limits.test.ts tests the real ones). */
export const roomyApiLimits = {
  RATE_LIMIT_API_KEY_PER_MINUTE: "100000",
  RATE_LIMIT_API_KEY_BURST: "100000",
  RATE_LIMIT_COMPANY_PER_MINUTE: "100000",
  RATE_LIMIT_PLAYGROUND_PER_MINUTE: "100000",
  RATE_LIMIT_PLAYGROUND_BURST: "100000",
}

export function createApiTestApp(
  env: Record<string, string> = {},
  overrides: Parameters<typeof createTestApp>[1] = {},
) {
  return createTestApp({ ...roomyLimits, ...roomyApiLimits, ...env }, overrides)
}

export type ApiUser = { id: string; email: string; token: string }

export async function signedInUser(app: TestApp, credits = 0): Promise<ApiUser> {
  const account = await createConfirmedAccount(app, "api")
  const client = await signedInClient(app, account)
  const { data } = await client.auth.getSession()
  const session = data.session!
  if (credits) await grantCredits(app.deps, session.user.id, credits)
  return { id: session.user.id, email: account.email, token: session.access_token }
}

export async function callApi<T = unknown>(
  app: TestApp,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = { ...init.headers }
  if (init.token) headers.Authorization = `Bearer ${init.token}`
  if (init.body !== undefined) headers["Content-Type"] = "application/json"
  const res = await app.fetch(`/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    ...(init.body === undefined
      ? {}
      : { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers }
}

export type ErrorBody = { error: { code: string; message: string } }

export function expectApiError(
  res: { status: number; body: unknown },
  status: number,
  code: string,
) {
  expect(res.status).toBe(status)
  expect((res.body as ErrorBody).error.code).toBe(code)
  expect((res.body as ErrorBody).error.message.length).toBeGreaterThan(5)
}
