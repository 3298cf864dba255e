import type { MemberRole } from "@nativ/contracts"
import type { Session } from "@supabase/supabase-js"
import { vi } from "vitest"

import { initApiClient } from "@/lib/api-url"
import { configureSupabase, setSupabase, supabase } from "@/lib/supabase"
import { createSupabaseClient } from "@/lib/supabase-client"

import { buildSession, testConfig } from "./factories"
import { noteRetryableReply } from "./stale-retries"

export { polyfillLayoutApis } from "./layout-polyfills"

export type StubRequest = { method: string; url: URL; body: unknown }
export type StubReply = { status?: number; json?: unknown }
type Handler = (request: StubRequest) => StubReply | Promise<StubReply>

let handler: Handler = () => ({ status: 599 })
let calls: (StubRequest & { headers: Headers })[] = []
let membershipRole: MemberRole | null = "owner"
let signedInUserId: string | null = null

/** renderApp says who is signed in, so the membership lookup names their company. */
export function setStubSignedInUser(userId: string | null) {
  signedInUserId = userId
}

/** The shell's lookup of the signed-in person's company and role (hooks/use-end-user.ts). */
const isMembershipRead = (method: string, url: URL) =>
  method === "GET" &&
  url.pathname === "/rest/v1/end_users" &&
  url.searchParams.get("select") === "user_id,id,role"

async function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}) {
  const request = input instanceof Request ? input : null
  const url = new URL(request ? request.url : String(input))
  const method = (init.method ?? request?.method ?? "GET").toUpperCase()
  const headers = new Headers(init.headers ?? request?.headers)
  // A multipart upload (the image calls) is handed over as FormData, anything else as JSON.
  const multipart = headers.get("content-type")?.startsWith("multipart/form-data")
  const text = typeof init.body === "string" ? init.body : await request?.clone().text()
  const body = multipart ? await request?.clone().formData() : text ? JSON.parse(text) : undefined
  calls.push({ method, url, body, headers })
  const reply =
    membershipRole && signedInUserId && isMembershipRead(method, url)
      ? { json: { user_id: signedInUserId, id: `member-${signedInUserId}`, role: membershipRole } }
      : await handler({ method, url, body })
  const status = reply.status ?? 200
  if (status === 429 || status >= 500) noteRetryableReply()
  return new Response(
    status === 204 || reply.json === undefined ? null : JSON.stringify(reply.json),
    { status, headers: { "Content-Type": "application/json" } },
  )
}

let initialised = false

/**
 * Answers the browser's fetch calls (product API, REST, functions) from `reply`, with `session`
 * signed in (or none). The membership lookup is answered with the user renderApp signed in as the
 * founder of their company, with `role` (owner by default; null leaves it to `reply`). The clients
 * are created once, on top of the fake fetch. Returns the calls.
 */
export function stubBackend(
  reply: Handler,
  session: Session | null = buildSession(),
  { role = "owner" }: { role?: MemberRole | null } = {},
) {
  handler = reply
  calls = []
  membershipRole = role
  vi.stubGlobal("fetch", fakeFetch)
  if (!initialised) {
    // At once, as tests have no start-up sequence to load the client lazily.
    configureSupabase(testConfig)
    setSupabase(createSupabaseClient(testConfig))
    initApiClient(testConfig)
    initialised = true
  }
  vi.spyOn(supabase().auth, "getSession").mockResolvedValue({
    data: { session },
    error: null,
  } as Awaited<ReturnType<ReturnType<typeof supabase>["auth"]["getSession"]>>)
  return calls
}
