import type { TextBlock, TextBox } from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import type { CulturalizeInput } from "../../engine/types"
import type { DecodedImage } from "../../visuals/decode-image"
import type { Region } from "../../visuals/repaint"
import { ApiError } from "../api-error"

/** What an image's text becomes: the regions to redraw, each with the text it had. */
export type PlannedRegion = Region & { sourceText: string }

/** Which boxes get which new text: each line its own culturalization, or `text` over them all. */
export async function plan(
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
