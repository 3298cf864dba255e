import {
  IMAGE_CULTURALIZE_CREDITS,
  type ImageCulturalizeFields,
  type ImageCulturalizeResponse,
  type ResolvedLanguage,
  resolveLanguage,
  VISUAL_ACTIONS,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import { type DecodedImage, encodeImage } from "../../visuals/decode-image"
import type { ImageProvider } from "../../visuals/image-provider"
import { repaint } from "../../visuals/repaint"
import type { Principal } from "../authenticate"
import { charged } from "./charged"
import { editPrompt, toFormat } from "./model-images"
import { ApiError } from "../api-error"
import { plan } from "./plan-regions"
import { readText } from "./read-text"
import { readUpload } from "./uploads"

const ONE_IMAGE_NOTE =
  "The local method draws one image: variants (num_images above 1) need an image model. You were charged for one."

/**
 * POST /image/culturalize. With an image model, see byModel. On the server's own means: the image's
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
  const target = targetOf(fields)
  const image = await readUpload(file)
  const language = target.name
  const imageModel = deps.imageModel
  if (imageModel) return byModel({ ...deps, imageModel }, principal, fields, image, target, signal)
  const charge = {
    cost: IMAGE_CULTURALIZE_CREDITS,
    action: VISUAL_ACTIONS.culturalize,
    language,
    tool: fields.tool,
  }
  const done = await charged(deps, principal, charge, async () => {
    const { blocks } = await readText(deps, image)
    const shared = { language, languageCode: target.code, glossary: [] }
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

/**
 * With an image model (IMAGE_MODEL): the text is read and culturalized as locally, then the model
 * redraws the image with it, `num_images` variants, each charged; fewer returned, fewer charged.
 */
async function byModel(
  deps: AppDeps & { imageModel: ImageProvider },
  principal: Principal,
  fields: ImageCulturalizeFields,
  image: DecodedImage,
  target: ResolvedLanguage,
  signal?: AbortSignal,
): Promise<ImageCulturalizeResponse> {
  const language = target.name
  const charge = {
    cost: IMAGE_CULTURALIZE_CREDITS * fields.num_images,
    action: VISUAL_ACTIONS.culturalize,
    language,
    tool: fields.tool,
  }
  const work = async () => {
    const { blocks } = await readText(deps, image)
    const shared = { language, languageCode: target.code, glossary: [] }
    const planned = await plan(deps, blocks, fields.text, image, shared, signal)
    const png = await encodeImage(image, "png")
    const answers = await deps.imageModel.edit(
      png,
      editPrompt(planned, language),
      fields.num_images,
      signal,
    )
    const files = await Promise.all(answers.map((a) => toFormat(a, fields.output_format)))
    return { files, planned }
  }
  const done = await charged(
    deps,
    principal,
    charge,
    work,
    (r) => IMAGE_CULTURALIZE_CREDITS * r.files.length,
  )
  return {
    images: done.result.files.map((f) => ({ image_base64: f.toString("base64") })),
    metadata: {
      cost: done.cost,
      num_images: done.result.files.length,
      method: "model",
      output_format: fields.output_format,
      regions: done.result.planned.map((r) => ({
        source_text: r.sourceText,
        text: r.text,
        box: r.box,
      })),
    },
    credits_remaining: done.balance,
    operation_id: done.operationId,
  }
}

/** The canonical target language (Operations record one row per language), or a 400 naming it. */
function targetOf(fields: ImageCulturalizeFields): ResolvedLanguage {
  const target = resolveLanguage({ code: fields.language_code })
  if (!target.ok) throw new ApiError(400, "invalid_request", target.message)
  return target.language
}
