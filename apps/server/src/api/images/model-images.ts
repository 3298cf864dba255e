import sharp from "sharp"

import { EngineOutputError } from "../../engine/errors"
import type { ImageFormat } from "../../visuals/decode-image"

/**
 * The instruction an image model gets: keep the picture, change only its text, each old line
 * named with its replacement (already culturalized by the engine, so the model need not
 * translate). Quotes are JSON-escaped so the texts cannot end the instruction.
 */
export function editPrompt(
  regions: { sourceText: string; text: string }[],
  language: string,
): string {
  const changes = regions
    .map((r) =>
      r.sourceText
        ? `- replace ${JSON.stringify(r.sourceText)} with ${JSON.stringify(r.text)}`
        : `- add the text ${JSON.stringify(r.text)}`,
    )
    .join("\n")
  return `Localize this image for ${language} readers. Keep everything else exactly as it is (layout, colours, fonts, style, people, objects); change only the text:\n${changes}\nRender the new text legibly, in the same style and place as the old.`
}

/** The model's image in the caller's format; an answer that is not an image is a 502. */
export async function toFormat(image: Buffer, format: ImageFormat): Promise<Buffer> {
  try {
    const pipeline = sharp(image, { limitInputPixels: 40_000_000 })
    if (format === "jpeg")
      return await pipeline.flatten({ background: "#fff" }).jpeg({ quality: 90 }).toBuffer()
    if (format === "webp") return await pipeline.webp({ quality: 90 }).toBuffer()
    return await pipeline.png().toBuffer()
  } catch (error) {
    throw new EngineOutputError("The image model answered something that is not an image.", [
      String(error),
    ])
  }
}
