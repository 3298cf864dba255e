import { afterAll, beforeAll, describe, expect, it } from "vitest"

import {
  type FakeProvider,
  openAiCompletion,
  startFakeProvider,
} from "../engine/testing/fake-provider-server"
import { clientWithToken } from "../testing/factories"
import type { TestApp } from "../testing/test-app"
import { roomyLimits } from "../auth/test-kit"
import { createTestApp } from "../testing/test-app"
import { type ApiUser, callApi, signedInUser } from "./api-test-kit"
import { banner } from "./images/images-test-kit"
import { sdkClient, translateBody } from "./sdk-client"
import { SDK_PATH_PREFIXES } from "./sdk-paths"

/**
 * Every request of Nativ's Postman collection (nativ-docs, postman/Nativ_API.postman_collection.json:
 * 29 requests), in its order, as written down here: method, path, and the body it sends. `:name`
 * in a path is a variable an earlier answer (or the setup) fills in. `reads` are the fields of the
 * answer a user of the collection looks at.
 */
type CollectionRequest = {
  name: string
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  path: string
  params?: Record<string, string | number | boolean>
  json?: Record<string, unknown>
  /** Multipart fields besides `file`, which is an image with known text. */
  form?: Record<string, string>
  /** A file other than the image: its name and text. */
  file?: { name: string; type: string; text: string }
  reads: string[]
}

const COLLECTION: CollectionRequest[] = [
  {
    name: "Translate text",
    method: "POST",
    path: "/text/culturalize",
    json: {
      text: "Hello world",
      language: "French",
      source_language: "English",
      source_language_code: "en",
      tool: "api",
      include_tm_info: true,
      backtranslate: false,
      include_rationale: true,
    },
    reads: ["translated_text", "language", "language_code", "metadata", "rationale"],
  },
  {
    name: "Translate text (all options)",
    method: "POST",
    path: "/text/culturalize",
    json: {
      text: "Sign up for your free trial today!",
      language: "German",
      language_code: "de",
      source_language: "English",
      source_language_code: "en",
      context: "SaaS landing page hero CTA button",
      formality: "formal",
      glossary: "free trial=kostenlose Testversion",
      max_characters: 50,
      tool: "api",
      include_tm_info: true,
      backtranslate: true,
      include_rationale: true,
    },
    reads: ["translated_text", "tm_match", "rationale", "backtranslation"],
  },
  {
    name: "Extract text from image",
    method: "POST",
    path: "/text/extract",
    form: {},
    reads: ["extracted_text"],
  },
  {
    name: "Culturalize image",
    method: "POST",
    path: "/image/culturalize",
    form: {
      text: "Bonjour le monde",
      language_code: "fr",
      output_format: "png",
      model: "gpt",
      num_images: "1",
      tool: "api",
    },
    reads: ["images", "metadata"],
  },
  {
    name: "Inspect image (cultural sensitivity)",
    method: "POST",
    path: "/image/inspect",
    form: { countries: "Japan,Brazil,Germany" },
    reads: ["verdict", "affected_countries"],
  },
  {
    name: "Fuzzy search TM",
    method: "GET",
    path: "/master-tm/fuzzy-search",
    params: { query: "Hello", source_lang: "en", limit: 10, score_cutoff: 0 },
    reads: ["matches"],
  },
  {
    name: "List TM entries",
    method: "GET",
    path: "/master-tm/entries",
    params: { limit: 100, offset: 0 },
    reads: ["entries", "total"],
  },
  {
    name: "Add TM entry",
    method: "POST",
    path: "/master-tm/entries",
    json: {
      source_text: "Hello",
      target_text: "Bonjour",
      source_language_code: "en",
      target_language_code: "fr",
      information_source: "manual",
      source_name: "Postman import",
    },
    reads: ["id", "source_text", "target_text"],
  },
  {
    name: "Update TM entry",
    method: "PATCH",
    path: "/master-tm/entries/:entry_id",
    json: { target_text: "Updated translation", enabled: true },
    reads: ["success"],
  },
  {
    name: "Delete TM entry",
    method: "DELETE",
    path: "/master-tm/entries/:entry_id",
    reads: ["success"],
  },
  { name: "Get TM stats", method: "GET", path: "/master-tm/stats", reads: ["total", "by_source"] },
  {
    name: "Bulk upload TM entries",
    method: "POST",
    path: "/master-tm/bulk-upload",
    file: {
      name: "memory.csv",
      type: "text/csv",
      text: "source_text,target_text,source_language_code,target_language_code\nGood morning,Bonjour,en,fr\nThank you,Merci,en,fr\n",
    },
    reads: ["added"],
  },
  {
    name: "Bulk delete TM entries",
    method: "POST",
    path: "/master-tm/bulk-delete",
    json: { entry_ids: [":entry_id", ":other_entry_id"] },
    reads: ["deleted"],
  },
  { name: "Get TM languages", method: "GET", path: "/master-tm/languages", reads: [] },
  { name: "Get TM sources", method: "GET", path: "/master-tm/sources", reads: [] },
  { name: "List style guides", method: "GET", path: "/style-guide", reads: ["guides"] },
  {
    name: "Create style guide",
    method: "POST",
    path: "/style-guide",
    json: {
      title: "Brand Tone",
      content: "Use a friendly, conversational tone. Avoid jargon. Prefer active voice.",
      is_enabled: true,
    },
    reads: ["id", "title"],
  },
  {
    name: "Update style guide",
    method: "PUT",
    path: "/style-guide/:guide_id",
    json: { title: "Updated Brand Tone", content: "Updated content.", is_enabled: true },
    reads: ["title"],
  },
  {
    name: "Delete style guide",
    method: "DELETE",
    path: "/style-guide/:guide_id",
    reads: ["success"],
  },
  { name: "Get brand voice prompt", method: "GET", path: "/style-guide/prompt", reads: ["prompt"] },
  { name: "Get combined prompt", method: "GET", path: "/style-guide/combined", reads: [] },
  { name: "Get languages", method: "GET", path: "/user/languages", reads: ["languages"] },
  {
    name: "Update language formality",
    method: "PATCH",
    path: "/user/languages/:mapping_id/formality",
    json: { formality: "formal" },
    reads: ["success"],
  },
  {
    name: "Update language custom style",
    method: "PATCH",
    path: "/user/languages/:mapping_id/custom-style",
    json: { custom_style: "Always use Sie (formal you). Prefer compound nouns." },
    reads: ["success"],
  },
  {
    name: "Get formality options",
    method: "GET",
    path: "/user/languages/formality-options",
    reads: [],
  },
  {
    name: "Submit feedback",
    method: "POST",
    path: "/text/feedback",
    json: {
      source: "Hello world",
      result: "Bonjour le monde",
      language: "French",
      feedback: "Should be more casual: 'Salut tout le monde'",
      approved: false,
    },
    reads: [],
  },
  { name: "List feedback", method: "GET", path: "/text/feedback", reads: [] },
  { name: "List API keys", method: "GET", path: "/api-keys", reads: [] },
  { name: "Revoke API key", method: "DELETE", path: "/api-keys/:key_id", reads: [] },
]

/**
 * What each method of Nativ's SDKs calls: nativ-node's `Nativ` (src/client.ts) and nativ-python's
 * `Nativ`/`AsyncNativ` (src/nativ/_client.py) have the same 21 methods. Each request is one of the
 * collection's above; translateBatch is `translate` once per text at once (see the burst below).
 */
const SDK_METHODS: Record<string, string> = {
  "translate / translate": "Translate text (all options)",
  "translateBatch / translate_batch": "Translate text",
  "extractText / extract_text": "Extract text from image",
  "culturalizeImage / culturalize_image": "Culturalize image",
  "inspectImage / inspect_image": "Inspect image (cultural sensitivity)",
  "getLanguages / get_languages": "Get languages",
  "updateLanguageFormality / update_language_formality": "Update language formality",
  "updateLanguageCustomStyle / update_language_custom_style": "Update language custom style",
  "searchTm / search_tm": "Fuzzy search TM",
  "listTmEntries / list_tm_entries": "List TM entries",
  "addTmEntry / add_tm_entry": "Add TM entry",
  "updateTmEntry / update_tm_entry": "Update TM entry",
  "deleteTmEntry / delete_tm_entry": "Delete TM entry",
  "getTmStats / get_tm_stats": "Get TM stats",
  "getStyleGuides / get_style_guides": "List style guides",
  "createStyleGuide / create_style_guide": "Create style guide",
  "updateStyleGuide / update_style_guide": "Update style guide",
  "deleteStyleGuide / delete_style_guide": "Delete style guide",
  "getBrandVoice / get_brand_voice": "Get brand voice prompt",
  "getCombinedPrompt / get_combined_prompt": "Get combined prompt",
  "submitFeedback / submit_feedback": "Submit feedback",
}

describe("Nativ's Postman collection, request by request, with a fresh account's key", () => {
  let provider: FakeProvider
  let app: TestApp
  let owner: ApiUser
  const variables: Record<string, string> = {}

  beforeAll(async () => {
    provider = await startFakeProvider(() =>
      openAiCompletion(
        JSON.stringify({
          affected_countries: [
            { country: "Japan", issue: "The colour reads as mourning.", suggestion: "Use red." },
          ],
        }),
      ),
    )
    // The API's own default text budgets, so the burst below meets what a customer's key meets.
    app = await createTestApp({
      ...roomyLimits,
      VISION_MODEL: "vision-test",
      VISION_BASE_URL: provider.url,
    })
    owner = await signedInUser(app, 1_000)
    const { data } = await clientWithToken(app, owner.token)
      .from("user_languages_mapping")
      .insert({ user_id: owner.id, language: "German", language_code: "DE" })
      .select("id")
      .single()
    variables.mapping_id = (data as { id: string }).id
    const spare = await callApi<{ id: string }>(app, "/api-keys", {
      token: owner.token,
      body: { name: "to revoke" },
    })
    variables.key_id = spare.body.id
  })
  afterAll(async () => {
    await app.close()
    await provider.close()
  })

  it("maps every SDK method to a request of the collection", () => {
    const names = new Set(COLLECTION.map((request) => request.name))
    expect(COLLECTION).toHaveLength(29)
    expect(Object.keys(SDK_METHODS)).toHaveLength(21)
    for (const request of Object.values(SDK_METHODS)) expect(names).toContain(request)
  })

  // Postman joins {{baseUrl}} and the path as text (python style: /api/v1/…). With nativ-node's
  // style (the path resolved from the host) the SDK paths are also answered at the root; the
  // collection's two /api-keys requests are not an SDK method, and /api-keys at the root is the
  // dashboard's API Keys page.
  it.each(["python", "node"] as const)(
    "answers the collection's requests with 2xx and the fields their users read (%s URL style)",
    async (style) => {
      const key = await callApi<{ key: string }>(app, "/api-keys", {
        token: owner.token,
        body: { name: `postman ${style}` },
      })
      const sdk = sdkClient(app, key.body.key, style)
      const image = await banner(["Summer Sale"])
      const fill = (path: string) =>
        path.replace(/\/:([a-z_]+)/g, (_, name: string) => `/${variables[name]!}`)
      // a body's values that are ":name" are variables too (bulk delete's ids)
      const fillBody = (json: Record<string, unknown>) =>
        JSON.parse(JSON.stringify(json), (_, value: unknown) =>
          typeof value === "string" && value.startsWith(":") ? variables[value.slice(1)] : value,
        ) as Record<string, unknown>
      const answers: Record<string, Record<string, unknown>> = {}
      const requests = COLLECTION.filter(
        (request) =>
          style === "python" || SDK_PATH_PREFIXES.some((prefix) => request.path.startsWith(prefix)),
      )
      expect(requests).toHaveLength(style === "python" ? 29 : 27)
      for (const request of requests) {
        let formData: FormData | undefined
        if (request.form || request.file) {
          formData = new FormData()
          const file = request.file
          formData.append(
            "file",
            file
              ? new Blob([file.text], { type: file.type })
              : new Blob([new Uint8Array(image)], { type: "image/png" }),
            file?.name ?? "banner.png",
          )
          for (const [name, value] of Object.entries(request.form ?? {}))
            formData.append(name, value)
        }
        const json = request.json && fillBody(request.json)
        const answer = await sdk<Record<string, unknown>>(request.method, fill(request.path), {
          ...(json ? { json } : {}),
          ...(request.params ? { params: request.params } : {}),
          ...(formData ? { formData } : {}),
        }).catch((error: Error) => {
          throw new Error(`${request.name}: ${error.message}`)
        })
        for (const field of request.reads)
          expect(answer, `${request.name} reads ${field}`).toHaveProperty(field)
        answers[request.name] = answer
        if (request.name === "Add TM entry") {
          variables.entry_id = String(answer.id)
          const other = await sdk<{ id: string }>("POST", "/master-tm/entries", {
            json: { ...request.json, source_text: `Hello ${style}` },
          })
          variables.other_entry_id = other.id
        }
        if (request.name === "Delete TM entry") {
          // Bulk delete gets an entry that is gone and one that is still there.
          variables.other_entry_id = String(
            (
              await sdk<{ id: string }>("POST", "/master-tm/entries", {
                json: {
                  source_text: `Goodbye ${style}`,
                  target_text: "Au revoir",
                  source_language_code: "en",
                  target_language_code: "fr",
                },
              })
            ).id,
          )
        }
        if (request.name === "Create style guide") variables.guide_id = String(answer.id)
        if (request.name === "Revoke API key") {
          const replacement = await callApi<{ id: string }>(app, "/api-keys", {
            token: owner.token,
            body: { name: "to revoke next" },
          })
          variables.key_id = replacement.body.id
        }
      }
      expect(answers["Translate text"]).toMatchObject({ language: "French", language_code: "fr" })
      expect(answers["Extract text from image"]!.extracted_text).toContain("Summer Sale")
      expect(answers["Inspect image (cultural sensitivity)"]).toMatchObject({ verdict: "NOT SAFE" })
      expect(answers["Bulk delete TM entries"]).toMatchObject({ deleted: 1 })
      expect(answers["Get languages"]!.languages).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: variables.mapping_id })]),
      )
    },
  )

  it("answers a 100-text translateBatch, sent as the SDKs send it (all at once), under default limits", async () => {
    const key = await callApi<{ key: string }>(app, "/api-keys", {
      token: owner.token,
      body: { name: "batch" },
    })
    const sdk = sdkClient(app, key.body.key)
    const texts = Array.from({ length: 100 }, (_, i) => `Item ${i} is back in stock`)
    const results = await Promise.all(
      texts.map((text) =>
        sdk<{ translated_text: string }>("POST", "/text/culturalize", {
          json: translateBody(text, "Japanese"),
        }),
      ),
    )
    expect(results.map((r) => r.translated_text)).toHaveLength(100)
    expect(results.every((r) => typeof r.translated_text === "string")).toBe(true)
  })
})
