import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api-test-kit"
import { SdkError, type SdkStyle, sdkClient } from "../sdk-client"
import { banner, books, imageForm } from "./images-test-kit"

/**
 * The forms nativ-node and nativ-python send for extractText, culturalizeImage and inspectImage
 * (X-API-Key, multipart, a Buffer sent as image/png named image.png) and the fields they read.
 */
describe.each<SdkStyle>(["node", "python"])(
  "Nativ's SDKs on the visuals (%s URL style)",
  (style) => {
    let app: TestApp
    let owner: ApiUser
    let sdk: ReturnType<typeof sdkClient>
    beforeAll(async () => {
      app = await createApiTestApp()
      owner = await signedInUser(app, 100)
      const key = await callApi<{ key: string }>(app, "/api-keys", {
        token: owner.token,
        body: { name: "sdk" },
      })
      sdk = sdkClient(app, key.body.key, style)
    })
    afterAll(() => app.close())

    it("extractText reads extracted_text", async () => {
      const data = await sdk("POST", "/text/extract", {
        formData: imageForm(await banner(["Hello World"])),
      })
      expect(data.extracted_text).toBe("Hello World")
    })

    it("culturalizeImage reads images[].image_base64 and metadata.{cost, num_images}", async () => {
      // Every field culturalizeImage sends, with its defaults.
      const form = imageForm(await banner(["Sale ends 12/31/2026"]), {
        text: "Sale ends 12/31/2026",
        language_code: "fr",
        output_format: "png",
        model: "gpt",
        num_images: "1",
        tool: "api",
      })
      const data = await sdk<{
        images: { image_base64: string }[]
        metadata: { cost: number; num_images: number }
      }>("POST", "/image/culturalize", { formData: form })
      expect(data.images).toHaveLength(1)
      expect(Buffer.from(data.images[0]!.image_base64, "base64").subarray(1, 4).toString()).toBe(
        "PNG",
      )
      expect(data.metadata).toMatchObject({ cost: 10, num_images: 1 })
      const operations = (await books(app, owner.id)).operations.map((o) => o.action)
      expect(operations).toEqual(["Extract text", "Culturalize image"])
      // The key's month counts both charges (its monthly cap is checked against it).
      const { rows } = await sql<{ used: string }>`
      select usage_month_credits as used from public.api_keys where user_id = ${owner.id}
    `.execute(app.deps.database.db)
      expect(Number(rows[0]!.used)).toBe(12)
    })

    it("inspectImage gets a 503 whose detail says a vision model is needed", async () => {
      const form = imageForm(await banner(["Hi"]), { countries: "Japan,Brazil,Germany" })
      const error = await sdk("POST", "/image/inspect", { formData: form }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(SdkError)
      expect((error as SdkError).status).toBe(503)
      expect((error as SdkError).message).toMatch(/vision model/)
    })
  },
)
