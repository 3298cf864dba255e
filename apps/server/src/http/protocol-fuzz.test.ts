import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { type ApiUser, roomyApiLimits, signedInUser } from "../api/api-test-kit"
import { roomyLimits } from "../auth/test-kit"
import { createTestUser, type TestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

/**
 * Random hostile input to every JSON endpoint of /auth/v1, /functions/v1 and /api/v1 and to the
 * dev routes (/rest/v1 has its own fuzz test): valid requests with fields swapped for NUL,
 * unpaired surrogates, very long or deeply nested values. Every request is answered within its
 * time limit, none with a 5xx, and the server is still ready afterwards (no leaked connection).
 */
const TIME_LIMIT_MS = 10_000
const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth)
const deepArray = (depth: number) => "[".repeat(depth) + "]".repeat(depth)

/** One character at a time: NUL, both surrogate halves alone, and ordinary text around them. */
const hostileChar = fc.constantFrom(
  "\u0000",
  "\ud800",
  "\udbff",
  "\udc00",
  "\uffff",
  "a",
  "@",
  "😀",
)
const hostileString = fc.oneof(
  fc.string({ unit: hostileChar, maxLength: 12 }),
  fc.string({ unit: "binary-ascii", maxLength: 12 }),
  fc.constantFrom("", " ", "x".repeat(300), "a\u0000@example.test", "cs_\u0000"),
)
/** A field's value as JSON text, so nesting deeper than JSON.stringify can write is possible. */
const hostileJson = fc.oneof(
  { weight: 4, arbitrary: hostileString.map((s) => JSON.stringify(s)) },
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(deepObject(5000), deepArray(5000), deepObject(65), "null", "1e309", "-0"),
)

type Endpoint = {
  method: "GET" | "POST"
  path: string
  as: "anon" | "user" | "apiUser"
  /** valid field values as JSON text; each may be replaced by a hostile one */
  fields: Record<string, string>
}
const json = JSON.stringify
const ENDPOINTS: Endpoint[] = [
  {
    method: "POST",
    path: "/auth/v1/signup",
    as: "anon",
    fields: {
      email: json("fuzz-signup@example.test"),
      password: json("secret-123"),
      data: json({ company_name: "Fuzz" }),
    },
  },
  {
    method: "POST",
    path: "/auth/v1/otp",
    as: "anon",
    fields: {
      email: json("fuzz-otp@example.test"),
      data: json({ company_name: "Fuzz" }),
      create_user: "false",
    },
  },
  {
    method: "POST",
    path: "/auth/v1/token?grant_type=password",
    as: "anon",
    fields: { email: json("fuzz-signup@example.test"), password: json("secret-123") },
  },
  {
    method: "POST",
    path: "/auth/v1/recover",
    as: "anon",
    fields: { email: json("fuzz-recover@example.test") },
  },
  {
    method: "POST",
    path: "/auth/v1/verify",
    as: "anon",
    fields: { type: json("email"), email: json("fuzz-otp@example.test"), token: json("123456") },
  },
  {
    method: "POST",
    path: "/functions/v1/create-payment",
    as: "user",
    fields: { credits: "20000", amount: "20" },
  },
  {
    method: "POST",
    path: "/functions/v1/verify-payment",
    as: "user",
    fields: { session_id: json("cs_test_fuzz") },
  },
  {
    method: "POST",
    path: "/api/v1/text/culturalize",
    as: "apiUser",
    fields: {
      text: json("The parcel weighs 5 pounds."),
      language: json("German"),
      language_code: json("DE"),
      tool: json("api"),
      file_id: json("figma-file"),
      glossary: json([{ source: "parcel", target: "Paket" }]),
    },
  },
  {
    method: "POST",
    path: "/api/v1/api-keys",
    as: "apiUser",
    fields: { name: json("Fuzz key"), expiry_days: "30" },
  },
]

/**
 * Percent-encodes every UTF-16 unit as its (WTF-8) bytes, so a lone surrogate reaches the server
 * as the invalid UTF-8 a hostile client would send, where encodeURIComponent would throw.
 */
function percentEncode(text: string): string {
  let out = ""
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    const pair = unit >= 0xd800 && unit <= 0xdbff ? text.charCodeAt(i + 1) : NaN
    const point =
      pair >= 0xdc00 && pair <= 0xdfff ? ((unit - 0xd800) << 10) + (pair - 0xdc00) + 0x10000 : unit
    if (point > 0xffff) i++
    const bytes =
      point < 0x80
        ? [point]
        : point < 0x800
          ? [0xc0 | (point >> 6), 0x80 | (point & 63)]
          : point < 0x10000
            ? [0xe0 | (point >> 12), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63)]
            : [
                0xf0 | (point >> 18),
                0x80 | ((point >> 12) & 63),
                0x80 | ((point >> 6) & 63),
                0x80 | (point & 63),
              ]
    out += bytes.map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")
  }
  return out
}

const request = () =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc.constantFrom(...ENDPOINTS).chain((endpoint) =>
        fc.record({
          endpoint: fc.constant(endpoint),
          // Which fields get a hostile value (true), which keep the valid one, which are left out.
          plan: fc.tuple(
            ...Object.keys(endpoint.fields).map(() =>
              fc.constantFrom("valid", "valid", "hostile", "omit"),
            ),
          ),
          values: fc.array(hostileJson, {
            minLength: Object.keys(endpoint.fields).length,
            maxLength: Object.keys(endpoint.fields).length,
          }),
          extra: fc.option(fc.tuple(hostileString, hostileJson), { nil: undefined }),
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: hostileString.map((s) => ({
        get: `/_mail/messages.json?to=${percentEncode(s)}`,
      })),
    },
    {
      weight: 1,
      arbitrary: hostileString.map((s) => ({ get: `/_checkout/${percentEncode(s)}` })),
    },
  )

describe("random hostile input to every protocol", () => {
  let app: TestApp
  let user: TestUser
  let apiUser: ApiUser
  const statuses = new Map<number, number>()

  beforeAll(async () => {
    app = await createTestApp({ ...roomyLimits, ...roomyApiLimits })
    user = await createTestUser(app)
    apiUser = await signedInUser(app, 1_000_000)
  })
  afterAll(() => app.close())

  async function send(method: string, path: string, token: string, body?: string) {
    const started = performance.now()
    const res = await app.fetch(path, {
      method,
      headers: {
        apikey: app.deps.keys.anon,
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body }),
      redirect: "manual",
      signal: AbortSignal.timeout(TIME_LIMIT_MS),
    })
    const text = await res.text()
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
    const context = `${method} ${path} ${(body ?? "").slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`
    expect(res.status, context).toBeLessThan(500)
    expect(performance.now() - started, context).toBeLessThan(TIME_LIMIT_MS)
  }

  it("answers every request in time and never with a 5xx", async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 20260101)
    await fc.assert(
      fc.asyncProperty(request(), async (r) => {
        if ("get" in r) return send("GET", r.get, app.deps.keys.anon)
        const { endpoint, plan, values, extra } = r
        const entries = Object.entries(endpoint.fields).flatMap(([name, valid], i) =>
          plan[i] === "omit" ? [] : [[name, plan[i] === "hostile" ? values[i]! : valid]],
        )
        if (extra) entries.push([extra[0], extra[1]])
        const body = `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`
        const token =
          endpoint.as === "user"
            ? user.token
            : endpoint.as === "apiUser"
              ? apiUser.token
              : app.deps.keys.anon
        return send(endpoint.method, endpoint.path, token, body)
      }),
      { numRuns: 800, seed },
    )
    // Hostile input is mostly refused, but valid requests must still get through.
    const ok = [...statuses].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0)
    expect(ok, JSON.stringify([...statuses])).toBeGreaterThan(20)
    expect((await app.fetch("/readyz")).status).toBe(200)
  }, 180_000)
})
