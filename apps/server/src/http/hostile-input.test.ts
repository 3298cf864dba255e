import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { type ApiUser, signedInUser } from "../api/api-test-kit"
import { roomyLimits, uniqueEmail } from "../auth/test-kit"
import { createTestUser, type TestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

/**
 * Input PostgreSQL cannot store (NUL, unpaired surrogates) and JSON nested 5,000 levels deep, sent
 * to every protocol: each is refused with a 400 in that protocol's own error shape, quickly,
 * instead of a 500, a stack overflow or a hung request.
 */
const NUL = "\u0000"
const deep = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth)

type Shape = "auth" | "api" | "functions" | "rest" | "plain"
type Case = {
  name: string
  path: string
  method?: string
  body?: string
  as?: "anon" | "user" | "apiUser"
  status?: number
  shape: Shape
}

const cases = (): Case[] => [
  {
    name: "sign-up with a NUL in the user metadata",
    path: "/auth/v1/signup",
    body: JSON.stringify({
      email: uniqueEmail("nul"),
      password: "secret-123",
      data: { company_name: `Acme${NUL}` },
    }),
    shape: "auth",
  },
  {
    name: "sign-up with a NUL in a metadata key",
    path: "/auth/v1/signup",
    body: JSON.stringify({
      email: uniqueEmail("nul"),
      password: "secret-123",
      data: { [`k${NUL}`]: 1 },
    }),
    shape: "auth",
  },
  {
    name: "sign-up with metadata nested 5,000 levels deep",
    path: "/auth/v1/signup",
    body: `{"email":"${uniqueEmail("deep")}","password":"secret-123","data":${deep(5000)}}`,
    shape: "auth",
  },
  {
    name: "OTP with a NUL in the metadata",
    path: "/auth/v1/otp",
    body: JSON.stringify({ email: uniqueEmail("otp"), data: { company_name: NUL } }),
    shape: "auth",
  },
  {
    name: "password sign-in with a NUL in the email",
    path: "/auth/v1/token?grant_type=password",
    body: JSON.stringify({ email: `a${NUL}@example.test`, password: "secret-123" }),
    shape: "auth",
  },
  {
    name: "sign-up with an unpaired surrogate in the password",
    path: "/auth/v1/signup",
    body: JSON.stringify({ email: uniqueEmail("sur"), password: "secret-123\ud800" }),
    shape: "auth",
  },
  {
    name: "an auth link with a NUL in redirect_to",
    path: "/auth/v1/verify?type=signup&token=x&redirect_to=%00",
    method: "GET",
    shape: "auth",
  },
  {
    name: "an API key named with a NUL",
    path: "/api/v1/api-keys",
    body: JSON.stringify({ name: `CI${NUL}` }),
    as: "apiUser",
    shape: "api",
  },
  {
    name: "an API request nested 5,000 levels deep",
    path: "/api/v1/api-keys",
    body: `{"name":"deep","x":${deep(5000)}}`,
    as: "apiUser",
    shape: "api",
  },
  {
    name: "verify-payment with a NUL in session_id",
    path: "/functions/v1/verify-payment",
    body: JSON.stringify({ session_id: `cs_${NUL}` }),
    as: "user",
    shape: "functions",
  },
  {
    name: "create-payment nested 1,500 levels deep (its body limit is 10 kB)",
    path: "/functions/v1/create-payment",
    body: `{"credits":1000,"amount":1,"x":${deep(1500)}}`,
    as: "user",
    shape: "functions",
  },
  {
    name: "a REST filter with a NUL",
    path: "/rest/v1/operations?language=eq.%00",
    method: "GET",
    as: "user",
    shape: "rest",
  },
  {
    name: "a REST insert with a NUL",
    path: "/rest/v1/user_languages_mapping",
    body: JSON.stringify({ language: `Ger${NUL}man`, language_code: "DE" }),
    as: "user",
    shape: "rest",
  },
  {
    name: "a REST update with a value nested 5,000 levels deep",
    path: "/rest/v1/users?id=not.is.null",
    method: "PATCH",
    body: `{"name":${deep(5000)}}`,
    as: "user",
    shape: "rest",
  },
  {
    name: "an RPC call with a NUL argument",
    path: "/rest/v1/rpc/operation_language_counts",
    body: JSON.stringify({ time_zone: NUL }),
    as: "user",
    shape: "rest",
  },
  {
    name: "the mailbox filtered by an address with a NUL",
    path: "/_mail/messages.json?to=%00",
    method: "GET",
    shape: "plain",
  },
  {
    name: "a checkout page for a session id with a NUL",
    path: "/_checkout/cs%00x",
    method: "GET",
    status: 404,
    shape: "plain",
  },
  {
    name: "cancelling a checkout session id with a NUL",
    path: "/_checkout/cs%00x/cancel",
    method: "POST",
    status: 404,
    shape: "plain",
  },
]

function expectShape(shape: Shape, body: string, context: string) {
  if (shape === "plain") return
  const json = JSON.parse(body) as Record<string, unknown>
  if (shape === "auth") expect(json, context).toMatchObject({ code: "validation_failed" })
  if (shape === "api") expect(json, context).toMatchObject({ error: { code: "invalid_request" } })
  if (shape === "functions") expect(typeof json.error, context).toBe("string")
  if (shape === "rest")
    expect(Object.keys(json).sort(), context).toEqual(["code", "details", "hint", "message"])
}

describe("hostile input on every protocol", () => {
  let app: TestApp
  let user: TestUser
  let apiUser: ApiUser
  beforeAll(async () => {
    app = await createTestApp(roomyLimits)
    user = await createTestUser(app)
    apiUser = await signedInUser(app)
  })
  afterAll(() => app.close())

  it.each(cases().map((c) => [c.name, c] as const))(
    "refuses %s with a 4xx in the protocol's own shape, in time",
    async (_, c) => {
      const token =
        c.as === "user" ? user.token : c.as === "apiUser" ? apiUser.token : app.deps.keys.anon
      const method = c.method ?? "POST"
      const started = performance.now()
      const res = await app.fetch(c.path, {
        method,
        headers: {
          apikey: app.deps.keys.anon,
          Authorization: `Bearer ${token}`,
          ...(c.body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        ...(c.body === undefined ? {} : { body: c.body }),
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      })
      const body = await res.text()
      const context = `${method} ${c.path} → ${res.status} ${body.slice(0, 300)}`
      expect(res.status, context).toBe(c.status ?? 400)
      expectShape(c.shape, body, context)
      expect(performance.now() - started, context).toBeLessThan(5_000)
    },
  )
})
