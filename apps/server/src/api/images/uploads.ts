import { z } from "@hono/zod-openapi"
import { IMAGE_PIXELS_MAX, IMAGE_UPLOAD_MAX_BYTES } from "@nativ/contracts"
import type { MiddlewareHandler } from "hono"
import { bodyLimit } from "hono/body-limit"

import { decodeImage, ImageInputError } from "../../visuals/decode-image"
import { ApiError } from "../api-error"

/** The /api/v1 paths that take an image upload: /api/v1's 1 MB body limit does not apply to them. */
const UPLOAD_PATHS = /\/(text\/extract|image\/culturalize|image\/inspect)\/?$/

export const takesUploads = (path: string) => UPLOAD_PATHS.test(path)

const megabytes = IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024)

/**
 * Before the form is parsed: the body must be multipart form data (else 415, since hono's own
 * check would answer a bare "Unsupported Media Type"), and it is counted while it streams in, so
 * an upload past the limit is refused with 413 without being read whole.
 */
export const uploadGuard: MiddlewareHandler[] = [
  async (c, next) => {
    const type = c.req.header("content-type") ?? ""
    if (!/^multipart\/form-data\s*;/i.test(type))
      throw new ApiError(
        415,
        "unsupported_media_type",
        "Send the image as multipart/form-data with the image in the `file` field.",
      )
    await next()
  },
  bodyLimit({
    maxSize: IMAGE_UPLOAD_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, "invalid_request", `The upload is larger than ${megabytes} MB.`)
    },
  }),
]

/** The `file` form field: in the OpenAPI document a binary string, in the handler a File. */
export const fileField = z
  .custom<File>((v) => v instanceof File, {
    error: "file: attach the image (JPEG, PNG or WebP) in the `file` field",
  })
  .openapi({ type: "string", format: "binary", description: "A JPEG, PNG or WebP image." })

/** The uploaded image, decoded; 415 for other formats, 400 for a broken or oversized one. */
export async function readUpload(file: File) {
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (bytes.length === 0) throw new ApiError(400, "invalid_request", "file: the file is empty.")
  try {
    return await decodeImage(bytes, IMAGE_PIXELS_MAX)
  } catch (error) {
    if (!(error instanceof ImageInputError)) throw error
    throw new ApiError(
      error.status,
      error.status === 415 ? "unsupported_media_type" : "invalid_request",
      error.message,
    )
  }
}
