import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"

import { IMAGE_CULTURALIZE_CREDITS, type ImageCulturalizeResponse } from "@nativ/contracts"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import { type ApiUser, createApiTestApp, expectApiError, signedInUser } from "../api-test-kit"
import { banner, books, imageForm, postForm } from "./images-test-kit"

type Received = { path: string; model: string; prompt: string; n: number; image: File }

/**
 * A local server speaking OpenAI's images API (POST /images/edits, multipart): it records what it
 * got and answers `n` small PNGs (or fewer, or garbage) as the test says.
 */
async function startFakeImages(answer: (n: number) => unknown) {
  const received: Received[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      void (async () => {
        const form = await new Request("http://fake", {
          method: "POST",
          headers: { "content-type": req.headers["content-type"] ?? "" },
          body: Buffer.concat(chunks),
        }).formData()
        const n = Number(form.get("n") ?? 1)
        received.push({
          path: req.url ?? "",
          model: String(form.get("model")),
          prompt: String(form.get("prompt")),
          n,
          image: form.get("image") as File,
        })
        res.writeHead(200, { "content-type": "application/json" })
        res.end(JSON.stringify(answer(n)))
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const redPng = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer()

describe("visuals: /image/culturalize with an image model", () => {
  let app: TestApp
  let user: ApiUser
  let images: Awaited<ReturnType<typeof startFakeImages>>
  let answerNow: unknown
  beforeAll(async () => {
    images = await startFakeImages(() => answerNow)
    app = await createApiTestApp({ IMAGE_MODEL: "image-test", IMAGE_BASE_URL: images.url })
    user = await signedInUser(app, 100)
  })
  afterAll(async () => {
    await app.close()
    await images.close()
  })
  const answer = async (count: number) => {
    const png = (await redPng()).toString("base64")
    answerNow = { created: 1, data: Array.from({ length: count }, () => ({ b64_json: png })) }
  }

  it("asks the model with the culturalized text and charges each image it returned", async () => {
    await answer(2)
    const before = await books(app, user.id)
    const res = await postForm<ImageCulturalizeResponse>(
      app,
      "/image/culturalize",
      user.token,
      imageForm(await banner(["Sale ends 12/31/2026"]), {
        language_code: "DE",
        num_images: "3",
        output_format: "webp",
      }),
    )
    expect(res.status).toBe(200)
    const sent = images.received.at(-1)!
    expect(sent).toMatchObject({ path: "/v1/images/edits", model: "image-test", n: 3 })
    expect(sent.prompt).toContain('replace "Sale ends 12/31/2026" with "Sale ends 31.12.2026"')
    expect(sent.prompt).toContain("German readers")
    expect((await sharp(Buffer.from(await sent.image.arrayBuffer())).metadata()).width).toBe(800)

    // Three asked, two answered: two returned and two charged.
    expect(res.body.images).toHaveLength(2)
    expect(res.body.metadata).toMatchObject({
      method: "model",
      num_images: 2,
      cost: 2 * IMAGE_CULTURALIZE_CREDITS,
      output_format: "webp",
    })
    const first = Buffer.from(res.body.images[0]!.image_base64, "base64")
    expect(await sharp(first).metadata()).toMatchObject({ format: "webp", width: 64 })
    const after = await books(app, user.id)
    expect(after.balance).toBe(before.balance - 2 * IMAGE_CULTURALIZE_CREDITS)
    expect(after.debits.length - before.debits.length).toBe(1)
  })

  it("refuses with 402 before asking the model when the balance cannot cover every image asked", async () => {
    await answer(5)
    const asked = images.received.length
    const res = await postForm(
      app,
      "/image/culturalize",
      user.token,
      imageForm(await banner(["Hello"]), { language_code: "DE", num_images: "5", text: "Hi" }),
    )
    // 80 credits left, 5 images cost 50: covered; a poorer account is not.
    expect(res.status).toBe(200)
    const poor = await signedInUser(app, 15)
    const refused = await postForm(
      app,
      "/image/culturalize",
      poor.token,
      imageForm(await banner(["Hello"]), { language_code: "DE", num_images: "2", text: "Hi" }),
    )
    expectApiError(refused, 402, "insufficient_credits")
    expect(images.received.length).toBe(asked + 1)
  })

  it("answers 502 and charges nothing when the model returns no image", async () => {
    answerNow = { created: 1, data: [] }
    const before = await books(app, user.id)
    const res = await postForm(
      app,
      "/image/culturalize",
      user.token,
      imageForm(await banner(["Hello"]), { language_code: "DE", text: "Hi" }),
    )
    expectApiError(res, 502, "engine_failed")
    expect(await books(app, user.id)).toEqual(before)
  })
})
