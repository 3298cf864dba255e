import { createRequire } from "node:module"

import type OpenAI from "openai"
import sharp from "sharp"
import { z } from "zod"

import { EngineOutputError } from "../engine/errors"
import { fromSdkError } from "../engine/providers/sdk-errors"
import type { DecodedImage } from "./decode-image"

export type Inspection = {
  verdict: "SAFE" | "NOT SAFE"
  affected_countries: { country: string; issue: string; suggestion: string }[]
}

/** A vision model behind an OpenAI-compatible chat completions API (VISION_* settings). */
export type VisionProvider = {
  model: string
  inspect(image: DecodedImage, countries: string[], signal?: AbortSignal): Promise<Inspection>
  /** The image's text, line by line, as the model reads it. */
  transcribe(image: DecodedImage, signal?: AbortSignal): Promise<string>
}

export type VisionConfig = { baseUrl?: string; apiKey?: string; model: string; timeoutMs: number }

const SYSTEM = `You review images for cultural sensitivity before they are published abroad.
For each country you are given, decide whether anything in the image (gestures, symbols, colours,
numbers, clothing, animals, food, text, religious or political references) could offend or confuse
people there. Answer only with JSON: {"affected_countries": [{"country", "issue", "suggestion"}]},
listing only countries from the given list that have a real issue (an empty list when none do).`

const TRANSCRIBE = `You transcribe the text visible in images exactly as written: one line of the
image per line of your answer, in reading order, nothing added, nothing translated. Answer with the
text only; answer nothing when the image holds no text.`

const answerSchema = z.object({
  affected_countries: z
    .array(z.object({ country: z.string(), issue: z.string(), suggestion: z.string() }))
    .max(200),
})

/**
 * Image inspection by a vision model. The image goes as a JPEG data URL, at most 1024 pixels on
 * its long side (what such models look at anyway), and the answer is checked against a schema:
 * a malformed one is an engine error (502, nothing charged). The verdict is ours, from the list:
 * NOT SAFE when any country asked has an issue.
 */
export function createVisionProvider(config: VisionConfig): VisionProvider {
  // Loaded only when a vision model is configured (see providers/openai.ts on start-up cost).
  const sdk = createRequire(import.meta.url)("openai") as { OpenAI: typeof OpenAI }
  const client = new sdk.OpenAI({
    baseURL: config.baseUrl ?? "https://api.openai.com/v1",
    apiKey: config.apiKey ?? "no-key",
    organization: null,
    project: null,
    maxRetries: 0,
  })
  async function ask(
    system: string,
    text: string,
    image: DecodedImage,
    json: boolean,
    signal?: AbortSignal,
  ) {
    const raw = { width: image.width, height: image.height, channels: 3 as const }
    const jpeg = await sharp(image.pixels, { raw })
      .resize({ width: 1024, height: 1024, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer()
    try {
      const completion = await client.chat.completions.create(
        {
          model: config.model,
          ...(json ? { response_format: { type: "json_object" as const } } : {}),
          messages: [
            { role: "system", content: system },
            {
              role: "user",
              content: [
                { type: "text", text },
                {
                  type: "image_url",
                  image_url: { url: `data:image/jpeg;base64,${jpeg.toString("base64")}` },
                },
              ],
            },
          ],
        },
        { signal, timeout: config.timeoutMs, maxRetries: 0 },
      )
      return completion.choices?.[0]?.message?.content ?? ""
    } catch (error) {
      throw fromSdkError(error, sdk.OpenAI)
    }
  }
  return {
    model: config.model,
    async transcribe(image, signal) {
      const text = await ask(TRANSCRIBE, "Transcribe this image's text.", image, false, signal)
      return text.replace(/^```\w*\s*|\s*```$/g, "").trim()
    },
    async inspect(image, countries, signal) {
      const text = `Countries: ${countries.join(", ")}`
      const content = await ask(SYSTEM, text, image, true, signal)
      const parsed = answerSchema.safeParse(parseJson(content))
      if (!parsed.success)
        throw new EngineOutputError("The vision model's answer could not be read.", [
          parsed.error.issues[0]?.message ?? "not JSON",
        ])
      const asked = new Map(countries.map((c) => [c.toLowerCase(), c]))
      const affected = parsed.data.affected_countries
        .filter((a) => asked.has(a.country.trim().toLowerCase()))
        .map((a) => ({ ...a, country: asked.get(a.country.trim().toLowerCase())! }))
      return { verdict: affected.length ? "NOT SAFE" : "SAFE", affected_countries: affected }
    },
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ""))
  } catch {
    return null
  }
}
