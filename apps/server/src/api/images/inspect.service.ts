import type { ImageInspectResponse } from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { Principal } from "../authenticate"
import { readUpload } from "./uploads"

/**
 * POST /image/inspect judges what an image shows (gestures, symbols, colours, clothing) for each
 * country: only a vision model can, and nothing on this server guesses in its place. Until one
 * is configured the request is checked (so a bad upload still gets its 4xx) and then refused with
 * 503 vision_model_required, before any charge.
 */
export async function inspectImage(
  _deps: AppDeps,
  _principal: Principal,
  _fields: { countries: string[] },
  file: File,
): Promise<ImageInspectResponse> {
  await readUpload(file)
  throw new ApiError(
    503,
    "vision_model_required",
    "Image inspection needs a vision model, and this server has none configured. Nothing was charged.",
  )
}
