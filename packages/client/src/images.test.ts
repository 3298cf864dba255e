import { describe, expect, it } from "vitest"

import { createNativClient } from "./client"
import { NativApiError } from "./errors"

type Seen = { url: string; auth: string | null; type: string | null; form: FormData }

/** A fetch that records each multipart request and answers `reply`. */
function recording(reply: { status: number; json: unknown }) {
  const seen: Seen[] = []
  const fetchImpl = (async (request: Request) => {
    seen.push({
      url: request.url,
      auth: request.headers.get("authorization"),
      type: request.headers.get("content-type"),
      form: await request.formData(),
    })
    return new Response(JSON.stringify(reply.json), {
      status: reply.status,
      headers: { "Content-Type": "application/json" },
    })
  }) as typeof fetch
  return { fetchImpl, seen }
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], "banner.png", { type: "image/png" })

describe("the image calls", () => {
  it("sends the file and fields as multipart form data with the access token", async () => {
    const { fetchImpl, seen } = recording({
      status: 200,
      json: { images: [{ image_base64: "aGk=" }], metadata: { cost: 10, num_images: 1 } },
    })
    const client = createNativClient({
      baseUrl: "http://api.test/api/v1/",
      accessToken: () => "token-1",
      fetch: fetchImpl,
    })

    const result = await client.culturalizeImage(png(), {
      language_code: "FR",
      text: "Soldes",
      output_format: "webp",
      tool: "dashboard",
    })

    expect(result.images[0]?.image_base64).toBe("aGk=")
    const [request] = seen
    expect(request?.url).toBe("http://api.test/api/v1/image/culturalize")
    expect(request?.auth).toBe("Bearer token-1")
    expect(request?.type).toMatch(/^multipart\/form-data; boundary=/)
    const file = request?.form.get("file") as File
    expect(file.name).toBe("banner.png")
    expect(file.size).toBe(4)
    expect(request?.form.get("language_code")).toBe("FR")
    expect(request?.form.get("text")).toBe("Soldes")
    expect(request?.form.get("output_format")).toBe("webp")
    expect(request?.form.get("num_images")).toBeNull()
  })

  it("reads text from an image and sends inspect's countries", async () => {
    const { fetchImpl, seen } = recording({ status: 200, json: { extracted_text: "Sale" } })
    const client = createNativClient({
      baseUrl: "http://api.test",
      apiKey: "nativ_k",
      fetch: fetchImpl,
    })

    expect((await client.extractText(png())).extracted_text).toBe("Sale")
    await client.inspectImage(png(), { countries: "Japan,Brazil" })

    expect(seen.map((s) => new URL(s.url).pathname)).toEqual(["/text/extract", "/image/inspect"])
    expect([...seen[0]!.form.keys()]).toEqual(["file"])
    expect(seen[1]?.form.get("countries")).toBe("Japan,Brazil")
    expect(seen[1]?.auth).toBe("Bearer nativ_k")
  })

  it("throws the API's code and message, as for the JSON calls", async () => {
    const { fetchImpl } = recording({
      status: 503,
      json: { error: { code: "vision_model_required", message: "Needs a vision model." } },
    })
    const client = createNativClient({
      baseUrl: "http://api.test",
      apiKey: "nativ_k",
      fetch: fetchImpl,
      retry: { maxRetries: 0 },
    })

    const failure = await client.inspectImage(png()).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(NativApiError)
    expect(failure).toMatchObject({ status: 503, code: "vision_model_required" })
  })
})
