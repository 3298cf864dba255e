import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi"
import {
  extractTextResponseSchema,
  IMAGE_CULTURALIZE_CREDITS,
  IMAGE_INSPECT_CREDITS,
  IMAGE_PIXELS_MAX,
  IMAGE_UPLOAD_MAX_BYTES,
  imageCulturalizeFieldsSchema,
  imageCulturalizeResponseSchema,
  imageInspectFieldsSchema,
  imageInspectResponseSchema,
  TEXT_EXTRACT_CREDITS,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import type { ApiEnv } from "../authenticate"
import { admitCulturalize } from "../limits"
import { errorResponse, jsonResponse } from "../openapi-parts"
import { bearerAuth } from "../security"
import { extractText } from "./extract.service"
import { culturalizeImage } from "./image-culturalize.service"
import { inspectImage } from "./inspect.service"
import { fileField, uploadGuard } from "./uploads"

const form = <S extends z.ZodRawShape>(shape: S) => ({
  required: true,
  content: { "multipart/form-data": { schema: z.object({ file: fileField, ...shape }) } },
})

const limits = `JPEG, PNG or WebP, at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB and ${IMAGE_PIXELS_MAX.toLocaleString("en-US")} pixels.`
const uploadErrors = {
  400: errorResponse("Invalid input, an unreadable image or too many pixels"),
  401: errorResponse("Missing, invalid, expired or revoked credentials"),
  402: errorResponse("Not enough credits, or the key's monthly cap is spent; nothing was charged"),
  413: errorResponse("The upload is too large"),
  415: errorResponse("Not multipart form data, or the file is not a JPEG, PNG or WebP image"),
  429: errorResponse("Too many requests; see Retry-After"),
}

const extractRoute = createRoute({
  method: "post",
  path: "/text/extract",
  tags: ["Visuals"],
  summary: "Read the text of an image (OCR)",
  description: `${limits} Costs ${TEXT_EXTRACT_CREDITS} credits per image, charged once it has been read. Read by the embedded OCR engine, off the request thread; with a vision model, a reading it is unsure of is replaced by the model's (method = model).`,
  security: bearerAuth,
  middleware: uploadGuard,
  request: { body: form({}) },
  responses: {
    200: jsonResponse(
      "The text, line by line, with boxes and confidence",
      extractTextResponseSchema,
    ),
    ...uploadErrors,
    503: errorResponse("The OCR queue is full or the engine is unavailable; see Retry-After"),
  },
})

const culturalizeRoute = createRoute({
  method: "post",
  path: "/image/culturalize",
  tags: ["Visuals"],
  summary: "Culturalize the text of an image",
  description: `${limits} Costs ${IMAGE_CULTURALIZE_CREDITS} credits per image returned, charged once it is made. Without an image model the server reads the text regions, culturalizes their text and redraws each on its sampled background (metadata.method = local): one image per request. With an image model (IMAGE_MODEL), the model redraws it with the culturalized text, num_images variants (metadata.method = model); the balance must cover all asked, and each returned is charged.`,
  security: bearerAuth,
  middleware: uploadGuard,
  request: { body: form(imageCulturalizeFieldsSchema.shape) },
  responses: {
    200: jsonResponse("The culturalized image, base64-encoded", imageCulturalizeResponseSchema),
    ...uploadErrors,
    422: errorResponse("No text was found in the image and no `text` was sent"),
    502: errorResponse("The culturalization engine failed; nothing was charged"),
    503: errorResponse("The OCR queue is full or the engine is unavailable; see Retry-After"),
    504: errorResponse("The culturalization engine timed out; nothing was charged"),
  },
})

const inspectRoute = createRoute({
  method: "post",
  path: "/image/inspect",
  tags: ["Visuals"],
  summary: "Check an image for cultural issues in given countries",
  description: `${limits} Costs ${IMAGE_INSPECT_CREDITS} credits per image, charged once the model answered. Without countries, the 30 largest economies are checked. Needs a vision model (VISION_MODEL): a server without one answers 503 vision_model_required and charges nothing.`,
  security: bearerAuth,
  middleware: uploadGuard,
  request: { body: form(imageInspectFieldsSchema.shape) },
  responses: {
    200: jsonResponse("The verdict and each affected country", imageInspectResponseSchema),
    ...uploadErrors,
    502: errorResponse("The vision model failed or answered garbage; nothing was charged"),
    503: errorResponse(
      "This server has no vision model (vision_model_required); nothing was charged",
    ),
    504: errorResponse("The vision model timed out; nothing was charged"),
  },
})

/** The visuals endpoints; each checks the rate limit, as culturalize does, before any work. */
export function imagesRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  app.openapi(extractRoute, async (c) => {
    await admitCulturalize(deps, c.var.principal, c.get("requestId"))
    const { file } = c.req.valid("form")
    return c.json(await extractText(deps, c.var.principal, file, c.req.raw.signal), 200)
  })
  app.openapi(culturalizeRoute, async (c) => {
    const { file, ...fields } = c.req.valid("form")
    await admitCulturalize(deps, c.var.principal, c.get("requestId"))
    const result = await culturalizeImage(deps, c.var.principal, fields, file, c.req.raw.signal)
    return c.json(result, 200)
  })
  app.openapi(inspectRoute, async (c) => {
    const { file, ...fields } = c.req.valid("form")
    await admitCulturalize(deps, c.var.principal, c.get("requestId"))
    const result = await inspectImage(deps, c.var.principal, fields, file, c.req.raw.signal)
    return c.json(result, 200)
  })
}
