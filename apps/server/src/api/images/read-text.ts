import type { AppDeps } from "../../deps"
import { type DecodedImage, encodeImage } from "../../visuals/decode-image"
import { OcrBusyError, type OcrResult, OcrUnavailableError } from "../../visuals/ocr-pool"
import { ApiError } from "../api-error"

/**
 * An image's text from the OCR pool, its refusals as API errors: a full queue or an engine that
 * cannot start is a 503 worth retrying, and (being raised before any charge) costs nothing.
 */
export async function readText(deps: AppDeps, image: DecodedImage): Promise<OcrResult> {
  // PNG is lossless and quick to write; the engine then decodes one format only.
  const png = await encodeImage(image, "png")
  try {
    return await deps.ocr.recognize(png)
  } catch (error) {
    if (error instanceof OcrBusyError)
      throw new ApiError(
        503,
        "service_unavailable",
        "Every OCR worker is busy and the queue is full. Try again in a few seconds; nothing was charged.",
        { "Retry-After": "5" },
      )
    if (error instanceof OcrUnavailableError)
      throw new ApiError(
        503,
        "service_unavailable",
        "The OCR engine is unavailable right now; nothing was charged.",
        { "Retry-After": "30" },
      )
    throw error
  }
}
