import { createRequire } from "node:module"

import type OpenAI from "openai"
import type { toFile } from "openai"

import { EngineOutputError } from "../engine/errors"
import { fromSdkError } from "../engine/providers/sdk-errors"

/** An image model behind an OpenAI-compatible images API (IMAGE_* settings). */
export type ImageProvider = {
  model: string
  /** `n` edits of a PNG following `prompt`, each as the image file the model returned. */
  edit(png: Buffer, prompt: string, n: number, signal?: AbortSignal): Promise<Buffer[]>
}

export type ImageProviderConfig = {
  baseUrl?: string
  apiKey?: string
  model: string
  timeoutMs: number
}

/**
 * POST /images/edits through the official `openai` SDK: the upload as the reference image, the
 * prompt naming the new text. Images come back base64-encoded (`b64_json`, what gpt-image models
 * always answer); an answer without them is an engine error (502, nothing charged).
 */
export function createImageProvider(config: ImageProviderConfig): ImageProvider {
  // Loaded only when an image model is configured (see providers/openai.ts on start-up cost).
  const sdk = createRequire(import.meta.url)("openai") as {
    OpenAI: typeof OpenAI
    toFile: typeof toFile
  }
  const client = new sdk.OpenAI({
    baseURL: config.baseUrl ?? "https://api.openai.com/v1",
    apiKey: config.apiKey ?? "no-key",
    organization: null,
    project: null,
    maxRetries: 0,
  })
  return {
    model: config.model,
    async edit(png, prompt, n, signal) {
      let response: OpenAI.ImagesResponse
      try {
        const image = await sdk.toFile(png, "image.png", { type: "image/png" })
        response = await client.images.edit(
          { model: config.model, image, prompt, n },
          { signal, timeout: config.timeoutMs, maxRetries: 0 },
        )
      } catch (error) {
        throw fromSdkError(error, sdk.OpenAI)
      }
      const images = (response.data ?? []).flatMap((d) =>
        d.b64_json ? [Buffer.from(d.b64_json, "base64")] : [],
      )
      if (!images.length)
        throw new EngineOutputError("The image model answered no image.", ["no b64_json"])
      return images.slice(0, n)
    },
  }
}
