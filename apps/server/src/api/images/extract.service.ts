import { type ExtractTextResponse, TEXT_EXTRACT_CREDITS, VISUAL_ACTIONS } from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import type { DecodedImage } from "../../visuals/decode-image"
import type { OcrResult } from "../../visuals/ocr-pool"
import type { Principal } from "../authenticate"
import { charged } from "./charged"
import { readText } from "./read-text"
import { readUpload } from "./uploads"

/** Below this mean line confidence (0–100), a vision model's reading is preferred. */
const SURE_ENOUGH = 75

/**
 * POST /text/extract: the image's text, line by line, from the embedded OCR engine; a flat
 * TEXT_EXTRACT_CREDITS per image read, also when it holds no text (the reading was done).
 * With a vision model (VISION_MODEL), a reading the local engine is unsure of — no line found,
 * or a mean confidence below SURE_ENOUGH (handwriting, photos, stylised type) — is replaced by the
 * model's; `blocks` stay the local engine's (a model gives no boxes) and `method` says which ran.
 */
export async function extractText(
  deps: AppDeps,
  principal: Principal,
  file: File,
  signal?: AbortSignal,
): Promise<ExtractTextResponse> {
  const image = await readUpload(file)
  const charge = {
    cost: TEXT_EXTRACT_CREDITS,
    action: VISUAL_ACTIONS.extract,
    language: null,
    tool: "api",
  }
  const done = await charged(deps, principal, charge, () => read(deps, image, signal))
  return {
    extracted_text: done.result.text,
    blocks: done.result.blocks,
    method: done.result.method,
    cost: done.cost,
    credits_remaining: done.balance,
    operation_id: done.operationId,
  }
}

async function read(deps: AppDeps, image: DecodedImage, signal?: AbortSignal) {
  const local = await readText(deps, image)
  if (!deps.vision || sure(local)) return { ...local, method: "local" as const }
  const text = await deps.vision.transcribe(image, signal)
  return text
    ? { ...local, text, method: "model" as const }
    : { ...local, method: "local" as const }
}

function sure(result: OcrResult) {
  const { blocks } = result
  if (!blocks.length) return false
  return blocks.reduce((sum, b) => sum + b.confidence, 0) / blocks.length >= SURE_ENOUGH
}
