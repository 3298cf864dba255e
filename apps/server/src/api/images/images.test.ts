import {
  type ExtractTextResponse,
  IMAGE_CULTURALIZE_CREDITS,
  type ImageCulturalizeResponse,
  TEXT_EXTRACT_CREDITS,
} from "@nativ/contracts"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import { type ApiUser, createApiTestApp, expectApiError, signedInUser } from "../api-test-kit"
import { banner, blank, books, imageForm, postForm } from "./images-test-kit"

describe("visuals: /text/extract and /image/culturalize on the embedded engines", () => {
  let app: TestApp
  let user: ApiUser
  beforeAll(async () => {
    app = await createApiTestApp()
    user = await signedInUser(app, 1_000)
  })
  afterAll(() => app.close())

  const extract = (file: Buffer, token = user.token) =>
    postForm<ExtractTextResponse>(app, "/text/extract", token, imageForm(file))
  const culturalize = (file: Buffer, fields: Record<string, string>) =>
    postForm<ImageCulturalizeResponse>(
      app,
      "/image/culturalize",
      user.token,
      imageForm(file, fields),
    )

  it("reads a banner's text with each line's box and confidence, charged once", async () => {
    const before = await books(app, user.id)
    const res = await extract(await banner(["Summer Sale", "Only $1,299.99"]))
    expect(res.status).toBe(200)
    expect(res.body.extracted_text).toBe("Summer Sale\nOnly $1,299.99")
    expect(res.body.blocks.map((b) => b.text)).toEqual(["Summer Sale", "Only $1,299.99"])
    const [first, second] = res.body.blocks
    expect(first!.box.x).toBeGreaterThanOrEqual(50)
    expect(first!.box.y + first!.box.height).toBeLessThanOrEqual(second!.box.y)
    expect(second!.box.x + second!.box.width).toBeLessThan(800)
    expect(first!.confidence).toBeGreaterThan(80)
    expect(res.body).toMatchObject({ method: "local", cost: TEXT_EXTRACT_CREDITS })

    const after = await books(app, user.id)
    expect(after.balance).toBe(before.balance - TEXT_EXTRACT_CREDITS)
    expect(res.body.credits_remaining).toBe(after.balance)
    expect(after.debits.length - before.debits.length).toBe(1)
    expect(after.operations.slice(before.operations.length)).toEqual([
      { action: "Extract text", cost: TEXT_EXTRACT_CREDITS, language: null },
    ])
  })

  it("reads JPEG and WebP uploads too", async () => {
    const png = await banner(["Open daily"])
    for (const file of [await sharp(png).jpeg().toBuffer(), await sharp(png).webp().toBuffer()]) {
      const res = await extract(file)
      expect(res.status).toBe(200)
      expect(res.body.extracted_text).toBe("Open daily")
    }
  })

  it("localizes a banner: the date is redrawn in the target culture's form, and reads back", async () => {
    const before = await books(app, user.id)
    const res = await culturalize(await banner(["Sale ends 12/31/2026"]), {
      language_code: "DE",
      output_format: "png",
      tool: "api",
    })
    expect(res.status).toBe(200)
    expect(res.body.metadata).toMatchObject({
      cost: IMAGE_CULTURALIZE_CREDITS,
      num_images: 1,
      method: "local",
      output_format: "png",
    })
    expect(res.body.metadata.regions).toMatchObject([
      { source_text: "Sale ends 12/31/2026", text: "Sale ends 31.12.2026" },
    ])
    const out = Buffer.from(res.body.images[0]!.image_base64, "base64")
    expect(await sharp(out).metadata()).toMatchObject({ format: "png", width: 800, height: 300 })
    const reread = await extract(out)
    expect(reread.body.extracted_text).toContain("31.12.2026")
    expect(reread.body.extracted_text).not.toContain("12/31")

    const after = await books(app, user.id)
    const charged = IMAGE_CULTURALIZE_CREDITS + TEXT_EXTRACT_CREDITS
    expect(after.balance).toBe(before.balance - charged)
    expect(after.operations.slice(before.operations.length)).toEqual([
      { action: "Culturalize image", cost: IMAGE_CULTURALIZE_CREDITS, language: "German" },
      { action: "Extract text", cost: TEXT_EXTRACT_CREDITS, language: null },
    ])
  })

  it("draws the caller's text, culturalized, in place of the image's own, in the asked format", async () => {
    const res = await culturalize(await banner(["Hello"]), {
      text: "Only $1,299.99",
      language_code: "DE",
      output_format: "jpeg",
      num_images: "3",
    })
    expect(res.status).toBe(200)
    expect(res.body.metadata.regions[0]).toMatchObject({
      source_text: "Hello",
      // German puts the symbol after the amount, behind a no-break space
      text: expect.stringMatching(/^Only 1\.299,99\s\$$/u),
    })
    // One image is drawn and charged locally, and the answer says so.
    expect(res.body.images).toHaveLength(1)
    expect(res.body.metadata).toMatchObject({ num_images: 1, cost: IMAGE_CULTURALIZE_CREDITS })
    expect(res.body.metadata.note).toMatch(/one image/)
    const out = Buffer.from(res.body.images[0]!.image_base64, "base64")
    expect((await sharp(out).metadata()).format).toBe("jpeg")
    const reread = await extract(out)
    expect(reread.body.extracted_text).toContain("1.299,99")
    expect(reread.body.extracted_text).not.toContain("Hello")
  })

  it("refuses an image without text and without `text` with 422, charging nothing", async () => {
    const before = await books(app, user.id)
    const res = await culturalize(await blank(), { language_code: "FR" })
    expectApiError(res, 422, "invalid_request")
    expect(res.body).toMatchObject({ detail: expect.stringMatching(/No text was found/) })
    expect(await books(app, user.id)).toEqual(before)
  })

  it("refuses other formats with 415 and broken or oversized images with 400, before any charge", async () => {
    const before = await books(app, user.id)
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1")
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>')
    expectApiError(await extract(gif), 415, "unsupported_media_type")
    expectApiError(await extract(svg), 415, "unsupported_media_type")
    const json = await postForm(app, "/text/extract", user.token, "{}", {
      "Content-Type": "application/json",
    })
    expectApiError(json, 415, "unsupported_media_type")

    const truncated = (await banner(["x"])).subarray(0, 60)
    expectApiError(await extract(truncated), 400, "invalid_request")
    const huge = await sharp({
      create: { width: 5000, height: 4000, channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer()
    const tooMany = await extract(huge)
    expectApiError(tooMany, 400, "invalid_request")
    expect(tooMany.body).toMatchObject({ detail: expect.stringMatching(/5000 × 4000 pixels/) })
    const noFile = new FormData()
    noFile.append("language_code", "DE")
    expectApiError(
      await postForm(app, "/image/culturalize", user.token, noFile),
      400,
      "invalid_request",
    )
    const png = await banner(["x"])
    for (const fields of [
      {} as Record<string, string>,
      { language_code: "DE", num_images: "6" },
      { language_code: "DE", output_format: "gif" },
    ]) {
      const res = await culturalize(png, fields)
      expectApiError(res, 400, "invalid_request")
    }
    const long = await culturalize(png, { language_code: "DE", text: "x".repeat(201) })
    expect(long.body).toMatchObject({ detail: expect.stringMatching(/at most 200/) })
    const unknown = await culturalize(png, { language_code: "jp" })
    expectApiError(unknown, 400, "invalid_request")
    expect(unknown.body).toMatchObject({
      detail: 'language_code "jp" is not a language we know; did you mean Japanese (ja)?',
    })
    expect(await books(app, user.id)).toEqual(before)
  })

  it("refuses an upload over 10 MB with 413", async () => {
    const res = await extract(Buffer.alloc(10 * 1024 * 1024 + 1024, 0x89))
    expectApiError(res, 413, "invalid_request")
  })

  it("answers 402 before any work when the balance cannot cover it, charging nothing", async () => {
    const poor = await signedInUser(app, 1)
    const before = await books(app, poor.id)
    const res = await extract(await banner(["Sale"]), poor.token)
    expectApiError(res, 402, "insufficient_credits")
    expect(res.body).toMatchObject({
      detail: expect.stringMatching(/costs 2 credits.*balance is 1/),
    })
    expect(await books(app, poor.id)).toEqual(before)
  })

  it("refuses inspection without a vision model with 503, charging nothing, and bad uploads first", async () => {
    const before = await books(app, user.id)
    const form = imageForm(await banner(["Hi"]), { countries: "Japan,Brazil" })
    const res = await postForm(app, "/image/inspect", user.token, form)
    expectApiError(res, 503, "vision_model_required")
    expect(res.body).toMatchObject({ detail: expect.stringMatching(/needs a vision model/) })
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1")
    expectApiError(
      await postForm(app, "/image/inspect", user.token, imageForm(gif)),
      415,
      "unsupported_media_type",
    )
    expect(await books(app, user.id)).toEqual(before)
  })

  it("shows the prices in the OpenAPI document", async () => {
    const doc = (await (await app.fetch("/api/v1/openapi.json")).json()) as {
      info: { description: string }
      paths: Record<string, { post: { description: string } }>
    }
    expect(doc.info.description).toContain(`costs ${TEXT_EXTRACT_CREDITS} credits`)
    expect(doc.paths["/text/extract"]!.post.description).toContain(
      `Costs ${TEXT_EXTRACT_CREDITS} credits per image`,
    )
    expect(doc.paths["/image/culturalize"]!.post.description).toContain(
      `Costs ${IMAGE_CULTURALIZE_CREDITS} credits per image returned`,
    )
  })

  it("asks for credentials", async () => {
    const res = await app.fetch("/api/v1/text/extract", {
      method: "POST",
      body: imageForm(await blank()),
    })
    expect(res.status).toBe(401)
  })
})

describe("visuals: the OCR pool is bounded", () => {
  let app: TestApp
  let user: ApiUser
  beforeAll(async () => {
    app = await createApiTestApp({ OCR_WORKERS: "1", OCR_QUEUE_MAX: "1" })
    user = await signedInUser(app, 1_000)
  })
  afterAll(() => app.close())

  it("answers 503 with Retry-After beyond one worker and one waiting image, charging only those read", async () => {
    const png = await banner(["Busy"])
    const before = await books(app, user.id)
    // The pool is cold: its worker takes a second or more to start, so all four are in the
    // queue's reach at once.
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        postForm<ExtractTextResponse>(app, "/text/extract", user.token, imageForm(png)),
      ),
    )
    const read = results.filter((r) => r.status === 200)
    const refused = results.filter((r) => r.status === 503)
    expect(read.length).toBeGreaterThanOrEqual(1)
    expect(read.length + refused.length).toBe(4)
    expect(refused.length).toBeGreaterThanOrEqual(2)
    for (const r of refused) {
      expectApiError(r, 503, "service_unavailable")
      expect(r.headers.get("retry-after")).toBe("5")
    }
    for (const r of read) expect(r.body.extracted_text).toBe("Busy")
    const after = await books(app, user.id)
    expect(after.balance).toBe(before.balance - read.length * TEXT_EXTRACT_CREDITS)
    expect(after.operations.length - before.operations.length).toBe(read.length)
  })
})
