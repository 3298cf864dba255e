import {
  IMAGE_CULTURALIZE_CREDITS,
  type ImageCulturalizeFields,
  type ImageCulturalizeResponse,
  type TextBlock,
  type TextBox,
  VISUAL_ACTIONS,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import type { CulturalizeInput } from "../../engine/types"
import { type DecodedImage, encodeImage } from "../../visuals/decode-image"
import { type Region, repaint } from "../../visuals/repaint"
import { ApiError } from "../api-error"
import type { Principal } from "../authenticate"
import { charged } from "./charged"
import { readText } from "./read-text"
import { readUpload } from "./uploads"

const ONE_IMAGE_NOTE =
  "The local method draws one image: variants (num_images above 1) need an image model. You were charged for one."

/**
 * POST /image/culturalize on the server's own means (no image model configured): the image's
 * text regions are read (OCR), their text culturalized by the engine — or the caller's `text`
 * culturalized and drawn over all of them — and each region repainted (repaint.ts). One image
 * comes out, and one is charged; nothing is charged when any step fails.
 */
export async function culturalizeImage(
  deps: AppDeps,
  principal: Principal,
  fields: ImageCulturalizeFields,
  file: File,
  signal?: AbortSignal,
): Promise<ImageCulturalizeResponse> {
  const image = await readUpload(file)
  const language = languageName(fields.language_code)
  const charge = {
    cost: IMAGE_CULTURALIZE_CREDITS,
    action: VISUAL_ACTIONS.culturalize,
    language,
    tool: fields.tool,
  }
  const done = await charged(deps, principal, charge, async () => {
    const { blocks } = await readText(deps, image)
    const shared = { language, languageCode: fields.language_code, glossary: [] }
    const planned = await plan(deps, blocks, fields.text, image, shared, signal)
    const out = await repaint(image, planned)
    const bytes = await encodeImage(out, fields.output_format)
    return { bytes, planned }
  })
  return {
    images: [{ image_base64: done.result.bytes.toString("base64") }],
    metadata: {
      cost: done.cost,
      num_images: 1,
      method: "local",
      output_format: fields.output_format,
      regions: done.result.planned.map((r) => ({
        source_text: r.sourceText,
        text: r.text,
        box: r.box,
      })),
      ...(fields.num_images > 1 ? { note: ONE_IMAGE_NOTE } : {}),
    },
    credits_remaining: done.balance,
    operation_id: done.operationId,
  }
}

type PlannedRegion = Region & { sourceText: string }

/** Which boxes get which new text: each line its own culturalization, or `text` over them all. */
async function plan(
  deps: AppDeps,
  blocks: TextBlock[],
  text: string | undefined,
  image: DecodedImage,
  shared: Omit<CulturalizeInput, "text">,
  signal?: AbortSignal,
): Promise<PlannedRegion[]> {
  if (text) {
    const [culturalized] = await culturalizeAll(deps, shared, [text], signal)
    const box = blocks.length ? union(blocks.map((b) => b.box)) : middleBand(image)
    const sourceText = blocks.map((b) => b.text).join("\n")
    // The caller's text is not the old text's length: it may use the width up to a margin as
    // wide as the one on the left.
    const drawWidth = Math.max(box.width, image.width - 2 * box.x)
    return [{ box, text: culturalized!, sourceText, drawWidth, lines: Math.max(1, blocks.length) }]
  }
  if (!blocks.length)
    throw new ApiError(
      422,
      "invalid_request",
      "No text was found in the image to culturalize; send `text` to draw some. Nothing was charged.",
    )
  const texts = await culturalizeAll(
    deps,
    shared,
    blocks.map((b) => b.text),
    signal,
  )
  return blocks.map((b, i) => ({ box: b.box, text: texts[i]!, sourceText: b.text }))
}

/** One engine call for all the texts where the engine packs batches, else one per text. */
async function culturalizeAll(
  deps: AppDeps,
  shared: Omit<CulturalizeInput, "text">,
  texts: string[],
  signal?: AbortSignal,
): Promise<string[]> {
  const { engine } = deps
  if (engine.culturalizeBatch && texts.length > 1)
    return (await engine.culturalizeBatch(shared, texts, signal)).map((r) => r.text)
  const results = []
  for (const text of texts)
    results.push((await engine.culturalize({ ...shared, text }, signal)).text)
  return results
}

function union(boxes: TextBox[]): TextBox {
  const x = Math.min(...boxes.map((b) => b.x))
  const y = Math.min(...boxes.map((b) => b.y))
  const right = Math.max(...boxes.map((b) => b.x + b.width))
  const bottom = Math.max(...boxes.map((b) => b.y + b.height))
  return { x, y, width: right - x, height: bottom - y }
}

/** Where text goes on an image that had none: the middle, a tenth in from each side. */
function middleBand(image: DecodedImage): TextBox {
  return {
    x: Math.round(image.width * 0.1),
    y: Math.round(image.height * 0.35),
    width: Math.round(image.width * 0.8),
    height: Math.round(image.height * 0.3),
  }
}

/** "DE" → "German", as the engine and the Operations page name languages; else the code itself. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code.replace(/_/g, "-")) ?? code
  } catch {
    return code
  }
}
