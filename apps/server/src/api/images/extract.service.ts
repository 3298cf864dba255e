import { type ExtractTextResponse, TEXT_EXTRACT_CREDITS, VISUAL_ACTIONS } from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import type { Principal } from "../authenticate"
import { charged } from "./charged"
import { readText } from "./read-text"
import { readUpload } from "./uploads"

/**
 * POST /text/extract: the image's text, line by line, from the embedded OCR engine; a flat
 * TEXT_EXTRACT_CREDITS per image read, also when it holds no text (the reading was done).
 */
export async function extractText(
  deps: AppDeps,
  principal: Principal,
  file: File,
): Promise<ExtractTextResponse> {
  const image = await readUpload(file)
  const charge = {
    cost: TEXT_EXTRACT_CREDITS,
    action: VISUAL_ACTIONS.extract,
    language: null,
    tool: "api",
  }
  const done = await charged(deps, principal, charge, () => readText(deps, image))
  return {
    extracted_text: done.result.text,
    blocks: done.result.blocks,
    method: "local",
    cost: done.cost,
    credits_remaining: done.balance,
    operation_id: done.operationId,
  }
}
