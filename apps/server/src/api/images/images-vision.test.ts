import {
  type ExtractTextResponse,
  IMAGE_INSPECT_CREDITS,
  type ImageInspectResponse,
  TEXT_EXTRACT_CREDITS,
} from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import {
  type FakeProvider,
  openAiCompletion,
  startFakeProvider,
} from "../../engine/testing/fake-provider-server"
import type { TestApp } from "../../testing/test-app"
import { type ApiUser, createApiTestApp, expectApiError, signedInUser } from "../api-test-kit"
import { banner, blank, books, imageForm, postForm } from "./images-test-kit"

type Message = { role: string; content: string | { type: string; [k: string]: unknown }[] }

/** The visuals with a vision model: a local server speaking OpenAI's chat completions. */
describe("visuals with a vision model", () => {
  let app: TestApp
  let user: ApiUser
  let provider: FakeProvider
  let answer = ""
  beforeAll(async () => {
    provider = await startFakeProvider(() => openAiCompletion(answer))
    app = await createApiTestApp({ VISION_MODEL: "vision-test", VISION_BASE_URL: provider.url })
    user = await signedInUser(app, 100)
  })
  afterAll(async () => {
    await app.close()
    await provider.close()
  })

  const inspect = async (fields: Record<string, string>) =>
    postForm<ImageInspectResponse>(
      app,
      "/image/inspect",
      user.token,
      imageForm(await banner(["OK"]), fields),
    )

  it("answers the model's issues for the countries asked, charged once", async () => {
    answer = JSON.stringify({
      affected_countries: [
        { country: "brazil", issue: "The OK gesture is rude.", suggestion: "Use a thumbs-up." },
        { country: "Narnia", issue: "Not asked.", suggestion: "-" },
      ],
    })
    const before = await books(app, user.id)
    const res = await inspect({ countries: "Japan, Brazil" })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      verdict: "NOT SAFE",
      affected_countries: [
        { country: "Brazil", issue: "The OK gesture is rude.", suggestion: "Use a thumbs-up." },
      ],
      cost: IMAGE_INSPECT_CREDITS,
    })
    const sent = provider.requests.at(-1)!.body as { model: string; messages: Message[] }
    expect(sent.model).toBe("vision-test")
    const parts = sent.messages[1]!.content as {
      type: string
      text?: string
      image_url?: { url: string }
    }[]
    expect(parts[0]!.text).toBe("Countries: Japan, Brazil")
    expect(parts[1]!.image_url!.url).toMatch(/^data:image\/jpeg;base64,\/9j\//)

    const after = await books(app, user.id)
    expect(after.balance).toBe(before.balance - IMAGE_INSPECT_CREDITS)
    expect(after.debits.length - before.debits.length).toBe(1)
    expect(after.operations.slice(before.operations.length)).toEqual([
      { action: "Inspect image", cost: IMAGE_INSPECT_CREDITS, language: null },
    ])
  })

  it("checks the 30 largest economies when no countries are named, SAFE with no issue", async () => {
    answer = JSON.stringify({ affected_countries: [] })
    const res = await inspect({})
    expect(res.body).toMatchObject({ verdict: "SAFE", affected_countries: [] })
    const sent = provider.requests.at(-1)!.body as { messages: Message[] }
    const text = (sent.messages[1]!.content as { text?: string }[])[0]!.text!
    expect(text.split(", ")).toHaveLength(30)
    expect(text).toContain("Japan")
  })

  it("reads text with the model where the local engine found none, and keeps a sure local reading", async () => {
    answer = "Handwritten: Grand Opening"
    const calls = provider.requests.length
    const clear = await postForm<ExtractTextResponse>(
      app,
      "/text/extract",
      user.token,
      imageForm(await banner(["Grand Opening"])),
    )
    expect(clear.body).toMatchObject({ extracted_text: "Grand Opening", method: "local" })
    expect(provider.requests.length).toBe(calls)

    const unsure = await postForm<ExtractTextResponse>(
      app,
      "/text/extract",
      user.token,
      imageForm(await blank()),
    )
    expect(unsure.status).toBe(200)
    expect(unsure.body).toMatchObject({
      extracted_text: "Handwritten: Grand Opening",
      method: "model",
      blocks: [],
      cost: TEXT_EXTRACT_CREDITS,
    })
    expect(provider.requests.length).toBe(calls + 1)
  })

  it("answers 502 and charges nothing when the model's answer cannot be read", async () => {
    answer = "I think it is fine."
    const before = await books(app, user.id)
    const res = await inspect({ countries: "Japan" })
    expectApiError(res, 502, "engine_failed")
    expect(res.body).toMatchObject({ detail: expect.stringMatching(/Nothing was charged/) })
    expect(await books(app, user.id)).toEqual(before)
  })
})
