import {
  IMAGE_INSPECT_CREDITS,
  type ImageInspectResponse,
  INSPECT_DEFAULT_COUNTRIES,
  VISUAL_ACTIONS,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { Principal } from "../authenticate"
import { charged } from "./charged"
import { readUpload } from "./uploads"

/**
 * POST /image/inspect judges what an image shows (gestures, symbols, colours, clothing) for each
 * country: only a vision model can, and nothing on this server guesses in its place. Without one
 * (VISION_MODEL) the request is checked, so a bad upload still gets its 4xx, and then refused
 * with 503 vision_model_required before any charge. With one, it is charged once it answered.
 */
export async function inspectImage(
  deps: AppDeps,
  principal: Principal,
  fields: { countries: string[] },
  file: File,
  signal?: AbortSignal,
): Promise<ImageInspectResponse> {
  const image = await readUpload(file)
  const vision = deps.vision
  if (!vision)
    throw new ApiError(
      503,
      "vision_model_required",
      "Image inspection needs a vision model, and this server has none configured (VISION_MODEL). Nothing was charged.",
    )
  const countries = fields.countries.length ? fields.countries : INSPECT_DEFAULT_COUNTRIES
  const charge = {
    cost: IMAGE_INSPECT_CREDITS,
    action: VISUAL_ACTIONS.inspect,
    language: null,
    tool: "api",
  }
  const done = await charged(deps, principal, charge, () =>
    vision.inspect(image, countries, signal),
  )
  return {
    ...done.result,
    cost: done.cost,
    credits_remaining: done.balance,
    operation_id: done.operationId,
  }
}
