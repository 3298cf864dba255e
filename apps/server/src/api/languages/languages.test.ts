import type { LanguageList } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { clientWithToken } from "../../testing/factories"
import type { TestApp } from "../../testing/test-app"
import { callApi, createApiTestApp, expectApiError, signedInUser } from "../api-test-kit"

describe("GET /api/v1/user/languages", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp()
  })
  afterAll(() => app.close())

  it("returns the languages the account manages through /rest/v1, and only its own", async () => {
    const alice = await signedInUser(app)
    const bob = await signedInUser(app)
    const rest = clientWithToken(app, alice.token)
    const inserted = await rest.from("user_languages_mapping").insert([
      { user_id: alice.id, language: "French", language_code: "FR" },
      { user_id: alice.id, language: "Japanese", language_code: "JA" },
    ])
    expect(inserted.error).toBeNull()

    const res = await callApi<LanguageList>(app, "/user/languages", { token: alice.token })
    expect(res.status).toBe(200)
    expect(res.body.languages.map((l) => [l.language, l.language_code])).toEqual([
      ["French", "FR"],
      ["Japanese", "JA"],
    ])
    expect(typeof res.body.languages[0]!.id).toBe("string")

    const other = await callApi<LanguageList>(app, "/user/languages", { token: bob.token })
    expect(other.body).toEqual({ languages: [] })
  })

  it("lists the formality options, as the Postman collection's request reads them", async () => {
    const user = await signedInUser(app)
    const res = await callApi<{ options: { value: string; label: string }[] }>(
      app,
      "/user/languages/formality-options",
      { token: user.token },
    )
    expect(res.status).toBe(200)
    expect(res.body.options.map((o) => o.value)).toEqual([
      "very_informal",
      "informal",
      "neutral",
      "formal",
      "very_formal",
    ])
    expect(res.body.options[3]).toMatchObject({ label: "Formal" })
    expect((await callApi(app, "/user/languages/formality-options")).status).toBe(401)
  })

  it("requires credentials", async () => {
    expectApiError(await callApi(app, "/user/languages"), 401, "unauthorized")
  })
})

describe("API documentation", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp()
  })
  afterAll(() => app.close())

  it("publishes an OpenAPI 3.1 document generated from the request schemas", async () => {
    const res = await app.fetch("/api/v1/openapi.json")
    expect(res.status).toBe(200)
    const doc = (await res.json()) as {
      openapi: string
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<
                string,
                { schema: { properties: Record<string, unknown>; required: string[] } }
              >
            }
          }
        >
      >
      info: { description: string }
      components: { securitySchemes: Record<string, unknown> }
    }
    expect(doc.openapi).toBe("3.1.0")
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/account",
      "/api-keys",
      "/api-keys/{id}",
      "/audit-log",
      "/billing/payments",
      "/billing/payments/{id}/receipt",
      "/billing/payments/{id}/receipt.pdf",
      "/connected-apps",
      "/connected-apps/{id}",
      "/files/culturalize",
      "/glossaries",
      "/glossaries/{id}",
      "/glossaries/{id}/entries",
      "/image/culturalize",
      "/image/inspect",
      "/invitations/decline",
      "/jobs",
      "/jobs/{id}",
      "/jobs/{id}/files/{language_code}",
      "/master-tm/bulk-delete",
      "/master-tm/bulk-upload",
      "/master-tm/entries",
      "/master-tm/entries/{id}",
      "/master-tm/fuzzy-search",
      "/master-tm/languages",
      "/master-tm/sources",
      "/master-tm/stats",
      "/members",
      "/members/{id}",
      "/members/{id}/resend",
      "/notifications",
      "/operations",
      "/operations/{id}",
      "/settings/request-texts",
      "/style-guide",
      "/style-guide/combined",
      "/style-guide/prompt",
      "/style-guide/{id}",
      "/text/culturalize",
      "/text/culturalize-batch",
      "/text/extract",
      "/text/feedback",
      "/usage",
      "/usage/balance",
      "/user/languages",
      "/user/languages/formality-options",
      "/user/languages/{id}/custom-style",
      "/user/languages/{id}/formality",
      "/webhooks",
      "/webhooks/{id}",
      "/webhooks/{id}/deliveries",
      "/webhooks/{id}/deliveries/{delivery_id}/resend",
      "/webhooks/{id}/test",
    ])
    const body =
      doc.paths["/text/culturalize"]!.post!.requestBody!.content["application/json"]!.schema
    expect(body.required).toEqual(["text"])
    for (const field of [
      "language",
      "language_code",
      "target_lang",
      "source_lang",
      "formality",
      "context",
      "max_characters",
      "backtranslate",
      "use_memory",
    ])
      expect(body.properties).toHaveProperty(field)
    expect(doc.components.securitySchemes.bearerAuth).toBeTruthy()
    expect(doc.info.description).toContain("curl")
    expect(doc.info.description).toContain("per started 100 characters")
  })

  it("serves the interactive reference without any external asset", async () => {
    const page = await app.fetch("/api/v1/docs")
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(`${app.url}/api/v1/docs/start.js`)
    expect(html).not.toMatch(/https:\/\/(cdn|unpkg)/)
    const start = await app.fetch("/api/v1/docs/start.js")
    expect(start.headers.get("content-type")).toMatch(/javascript/)
    expect(await start.text()).toContain(`"${app.url}/api/v1/openapi.json"`)
    const script = await app.fetch("/api/v1/docs/swagger-ui-bundle.js")
    expect(script.status).toBe(200)
    expect((await script.text()).length).toBeGreaterThan(100_000)
  })

  it("answers unknown API paths with the JSON error envelope", async () => {
    const res = await callApi(app, "/nope")
    expectApiError(res, 404, "not_found")
  })
})
