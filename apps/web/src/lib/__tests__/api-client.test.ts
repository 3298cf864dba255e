import { languageListSchema } from "@nativ/contracts"
import { afterEach, describe, expect, it, vi } from "vitest"

import { api, ApiError, nativ } from "@/lib/api-client"
import { stubBackend } from "@/testing/api-stub"
import { buildSession } from "@/testing/factories"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe("the product API client", () => {
  it("calls config.apiUrl with the session's bearer token and validates the answer", async () => {
    const session = buildSession()
    const calls = stubBackend(
      () => ({ json: { languages: [{ id: "1", language: "French", language_code: "FR" }] } }),
      session,
    )
    const list = await api.get("/user/languages", languageListSchema)
    expect(list.languages[0]?.language).toBe("French")
    expect(calls[0]?.url.href).toBe("http://localhost:8080/api/v1/user/languages")
    expect(calls[0]?.headers.get("Authorization")).toBe(`Bearer ${session.access_token}`)
  })

  it("refuses to call without a session: 'No authentication token available'", async () => {
    const calls = stubBackend(() => ({ json: {} }), null)
    await expect(api.get("/user/languages", languageListSchema)).rejects.toThrow(
      "No authentication token available",
    )
    expect(calls).toHaveLength(0)
  })

  it("throws an ApiError with the server's message and code", async () => {
    stubBackend(() => ({
      status: 402,
      json: { error: { code: "insufficient_credits", message: "Not enough credits" } },
    }))
    const error = await api.post("/text/culturalize", {}, languageListSchema).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 402, code: "insufficient_credits" })
    expect(error.message).toBe("Not enough credits")
  })

  it("falls back to 'HTTP error! status: N' when the body is not the error envelope", async () => {
    stubBackend(() => ({ status: 502, json: "Bad gateway" }))
    await expect(api.delete("/api-keys/1")).rejects.toThrow("HTTP error! status: 502")
  })

  it("resolves a 204 without a body", async () => {
    const calls = stubBackend(() => ({ status: 204 }))
    await expect(api.delete("/api-keys/abc")).resolves.toBeUndefined()
    expect(calls[0]?.method).toBe("DELETE")
  })

  it("retries a failed read once, and sends culturalize with an idempotency key kept across retries", async () => {
    // Only this test's own requests are counted (a query parameter and a text no other test
    // sends): a file that ran before in this worker may still have a request under way.
    let failures = 1
    const calls = stubBackend(() =>
      failures-- > 0 ? { status: 503, json: {} } : { json: { languages: [] } },
    )
    await expect(api.get("/user/languages?probe=retry", languageListSchema)).resolves.toEqual({
      languages: [],
    })
    expect(calls.filter((c) => c.url.searchParams.get("probe") === "retry")).toHaveLength(2)

    let busy = 1
    const posts = stubBackend(() =>
      busy-- > 0
        ? { status: 503, json: {} }
        : { json: { translated_text: "Bonjour", language: "French", language_code: "FR" } },
    )
    await nativ().culturalize({
      text: "Hi from the retry test",
      language: "French",
      language_code: "FR",
      tool: "dashboard",
    })
    const keys = posts
      .filter((c) => (c.body as { text?: string } | undefined)?.text === "Hi from the retry test")
      .map((c) => c.headers.get("Idempotency-Key"))
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
  })
})
