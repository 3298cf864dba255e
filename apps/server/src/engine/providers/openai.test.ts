import { afterEach, describe, expect, it } from "vitest"

import {
  EngineAbortedError,
  EngineOutputError,
  EngineProviderError,
  EngineTimeoutError,
} from "../errors"
import { createEngine, type EngineConfig } from "../index"
import {
  type FakeProvider,
  type FakeReply,
  openAiCompletion,
  openAiError,
  type RecordedRequest,
  startFakeProvider,
} from "../testing/fake-provider-server"

let fake: FakeProvider | undefined

afterEach(async () => {
  await fake?.close()
  fake = undefined
})

async function engineAgainst(
  replies: FakeReply[] | ((request: RecordedRequest, index: number) => FakeReply),
  config: EngineConfig = {},
) {
  const reply = Array.isArray(replies)
    ? (_: RecordedRequest, i: number) => replies[i] ?? replies.at(-1)!
    : replies
  fake = await startFakeProvider(reply)
  const engine = createEngine({
    engine: "openai",
    baseUrl: `${fake.url}/v1`,
    apiKey: "sk-test-key",
    model: "gpt-test",
    timeoutMs: 3_000,
    retryBaseMs: 5,
    ...config,
  })
  return { engine, requests: fake.requests }
}

const input = {
  text: "Hi {name}, <b>Sign in</b> to see your cart — it costs $5.",
  language: "German",
  languageCode: "DE",
  glossary: [
    { source: "Sign in", target: "Anmelden" },
    { source: "checkout", target: "Kasse" },
  ],
}
const good = "Hallo {name}, <b>Anmelden</b>, um deinen Warenkorb zu sehen – er kostet 5 $."

type Message = { role: string; content: string }

describe("openai engine", () => {
  it("sends the model, a culturalization prompt and the text, and returns the answer", async () => {
    const { engine, requests } = await engineAgainst([openAiCompletion(good)])
    expect(engine.name).toBe("openai")

    await expect(engine.culturalize(input)).resolves.toEqual({ text: good })

    expect(requests).toHaveLength(1)
    const [request] = requests
    expect(request?.method).toBe("POST")
    expect(request?.path).toBe("/v1/chat/completions")
    expect(request?.headers.authorization).toBe("Bearer sk-test-key")
    expect(request?.body.model).toBe("gpt-test")
    const messages = request?.body.messages as Message[]
    expect(messages.map((m) => m.role)).toEqual(["system", "user"])
    expect(messages[1]?.content).toBe(input.text)
    const system = messages[0]!.content
    expect(system).toContain("Culturalize the user's English text for readers of German (DE)")
    expect(system).toContain("rather than translating word for word")
    expect(system).toContain("Adapt idioms, cultural references")
    expect(system).toContain("number, date, time and currency formats")
    expect(system).toContain("placeholders such as {name}, {{count}}, ${value}, %s and %1$d")
    expect(system).toContain('- "Sign in" → "Anmelden"')
    // only the terms that occur in the text are sent
    expect(system).not.toContain("Kasse")
    expect(system).toContain("Keep these unchanged:\n- {name}\n- <b>\n- </b>")
    expect(system).toContain("Reply with the culturalized text only")
  })

  it("works without an API key against a local OpenAI-compatible server", async () => {
    const { engine, requests } = await engineAgainst([openAiCompletion("Hallo")], {
      apiKey: undefined,
    })
    await expect(
      engine.culturalize({ text: "Hello", language: "German", languageCode: "DE", glossary: [] }),
    ).resolves.toEqual({ text: "Hallo" })
    expect(requests[0]?.path).toBe("/v1/chat/completions")
  })

  it("removes a code fence or quotation marks the model wrapped around the answer", async () => {
    const { engine } = await engineAgainst([openAiCompletion("```\n„Hallo Welt“\n```")])
    const result = await engine.culturalize({
      text: "Hello world",
      language: "German",
      languageCode: "DE",
      glossary: [],
    })
    expect(result.text).toBe("Hallo Welt")
  })

  it("refuses bad credentials with a provider error at once, without retrying", async () => {
    const { engine, requests } = await engineAgainst([
      openAiError(401, "Incorrect API key provided"),
    ])
    const error = await engine.culturalize(input).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EngineProviderError)
    expect(error).toMatchObject({
      code: "engine_failed",
      httpStatus: 502,
      providerStatus: 401,
      message: "The translation provider rejected the server's credentials (HTTP 401).",
    })
    expect(requests).toHaveLength(1)
  })

  it("retries after a rate limit and returns the next answer", async () => {
    const { engine, requests } = await engineAgainst([
      openAiError(429, "Rate limit reached"),
      openAiCompletion(good),
    ])
    await expect(engine.culturalize(input)).resolves.toEqual({ text: good })
    expect(requests).toHaveLength(2)
  })

  it("waits as long as the provider's Retry-After asks before retrying", async () => {
    const { engine } = await engineAgainst([
      openAiError(429, "Slow down", { "retry-after-ms": "300" }),
      openAiCompletion(good),
    ])
    const started = performance.now()
    await engine.culturalize(input)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
  })

  it("retries server errors twice, then fails with a provider error", async () => {
    const { engine, requests } = await engineAgainst([openAiError(500, "boom")])
    const error = await engine.culturalize(input).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EngineProviderError)
    expect(error).toMatchObject({
      httpStatus: 502,
      providerStatus: 500,
      message: "The translation provider had a temporary failure (HTTP 500). Please try again.",
    })
    expect(requests).toHaveLength(3)
  })

  it("reports the provider's failure, not a timeout, when time runs out while retrying it", async () => {
    const { engine, requests } = await engineAgainst(
      [openAiError(500, "boom"), { ...openAiCompletion(good), delayMs: 5_000 }],
      { timeoutMs: 400 },
    )
    const error = await engine.culturalize(input).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EngineProviderError)
    expect(error).toMatchObject({ httpStatus: 502, providerStatus: 500 })
    expect(requests).toHaveLength(2)
  })

  it("recovers when a server error is followed by an answer", async () => {
    const { engine, requests } = await engineAgainst([
      openAiError(503, "busy"),
      openAiCompletion(good),
    ])
    await expect(engine.culturalize(input)).resolves.toEqual({ text: good })
    expect(requests).toHaveLength(2)
  })

  it("fails with a timeout error when the provider answers too late", async () => {
    const { engine } = await engineAgainst([{ ...openAiCompletion(good), delayMs: 5_000 }], {
      timeoutMs: 300,
    })
    const started = performance.now()
    const error = await engine.culturalize(input).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EngineTimeoutError)
    expect(error).toMatchObject({
      code: "engine_timeout",
      httpStatus: 504,
      message: "The translation provider did not answer within 0.3 seconds. Please try again.",
    })
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it("stops and reports a cancellation when the caller aborts", async () => {
    const { engine } = await engineAgainst([{ ...openAiCompletion(good), delayMs: 5_000 }])
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    await expect(engine.culturalize(input, controller.signal)).rejects.toBeInstanceOf(
      EngineAbortedError,
    )
  })

  it("reports the caller's own deadline as a timeout", async () => {
    const { engine } = await engineAgainst([{ ...openAiCompletion(good), delayMs: 5_000 }])
    await expect(engine.culturalize(input, AbortSignal.timeout(100))).rejects.toBeInstanceOf(
      EngineTimeoutError,
    )
  })

  it("fails with a provider error when nothing listens at the base URL", async () => {
    const closed = await startFakeProvider(() => openAiCompletion(good))
    await closed.close()
    const engine = createEngine({
      engine: "openai",
      baseUrl: `${closed.url}/v1`,
      model: "gpt-test",
      retryBaseMs: 5,
    })
    await expect(engine.culturalize(input)).rejects.toMatchObject({
      httpStatus: 502,
      message: "The translation provider could not be reached.",
    })
  })

  it("asks once more when the answer breaks a placeholder, and uses the corrected answer", async () => {
    const { engine, requests } = await engineAgainst([
      openAiCompletion("Hallo {Name}, <b>Anmelden</b> – 5 $."),
      openAiCompletion(good),
    ])
    await expect(engine.culturalize(input)).resolves.toEqual({ text: good })
    expect(requests).toHaveLength(2)
    const messages = requests[1]?.body.messages as Message[]
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"])
    expect(messages[2]?.content).toBe("Hallo {Name}, <b>Anmelden</b> – 5 $.")
    expect(messages[3]?.content).toContain("- placeholder {name} is missing")
    expect(messages[3]?.content).toContain("- unexpected placeholder {Name}")
  })

  it("refuses an answer that still breaks placeholders after one retry", async () => {
    const { engine, requests } = await engineAgainst([openAiCompletion("Hallo, Anmelden.")])
    const error = await engine.culturalize(input).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EngineOutputError)
    expect(error).toMatchObject({
      code: "engine_invalid_output",
      httpStatus: 502,
      problems: ["placeholder {name} is missing", "tag <b> is missing", "tag </b> is missing"],
    })
    expect((error as Error).message).toBe(
      "The translation provider's answer changed protected parts of the text (placeholder {name} is missing; tag <b> is missing; tag </b> is missing), so it was not used. Please try again.",
    )
    expect(requests).toHaveLength(2)
  })

  it("refuses an empty answer after one retry", async () => {
    const { engine, requests } = await engineAgainst([openAiCompletion("  ")])
    await expect(engine.culturalize(input)).rejects.toBeInstanceOf(EngineOutputError)
    expect(requests).toHaveLength(2)
  })

  it("returns an answer that misses a glossary term with a note, after asking once more", async () => {
    const missing = "Hallo {name}, <b>Einloggen</b>, um deinen Warenkorb zu sehen."
    const { engine, requests } = await engineAgainst([openAiCompletion(missing)])
    await expect(engine.culturalize(input)).resolves.toEqual({
      text: missing,
      note: 'Some glossary terms could not be confirmed in the result: "Sign in" → "Anmelden". Please review them.',
    })
    expect(requests).toHaveLength(2)
    expect((requests[1]?.body.messages as Message[])[3]?.content).toContain(
      '- the glossary term "Sign in" must be rendered as "Anmelden"',
    )
  })

  it("keeps a usable first answer when asking again fails", async () => {
    const missing = "Hallo {name}, <b>Einloggen</b>."
    const { engine } = await engineAgainst((_, i) =>
      i === 0 ? openAiCompletion(missing) : openAiError(400, "bad request"),
    )
    const result = await engine.culturalize(input)
    expect(result.text).toBe(missing)
    expect(result.note).toContain('"Sign in" → "Anmelden"')
  })

  it("refuses an answer cut off by the model's token limit without retrying", async () => {
    const { engine, requests } = await engineAgainst([openAiCompletion(good, "length")])
    await expect(engine.culturalize(input)).rejects.toMatchObject({
      httpStatus: 502,
      message:
        "The translation provider's answer was cut off; the text may be too long for the configured model.",
    })
    expect(requests).toHaveLength(1)
  })
})
