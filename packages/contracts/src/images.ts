import { z } from "zod"

import { CULTURALIZE_TOOLS } from "./culturalize"
import { textProblem } from "./storable"

/**
 * The visuals endpoints (/text/extract, /image/culturalize, /image/inspect): their prices, limits
 * and the shapes of their form fields and answers. Nativ's SDKs send the fields as multipart form
 * data and read `extracted_text`, `images[].image_base64`, `metadata.{cost, num_images}`, `verdict`
 * and `affected_countries`; everything else here is ours, added beside them.
 */

/** Credits for reading the text of one image (POST /text/extract), whatever it holds. */
export const TEXT_EXTRACT_CREDITS = 2
/** Credits for each image POST /image/culturalize returns (its reading and culturalizing included). */
export const IMAGE_CULTURALIZE_CREDITS = 10
/** Credits for inspecting one image for the countries asked (POST /image/inspect). */
export const IMAGE_INSPECT_CREDITS = 5

/** An upload larger than this is refused with 413 while it streams in. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024
/** Width × height at most this (a 4000 × 4000 image); larger ones are refused with 400. */
export const IMAGE_PIXELS_MAX = 16_000_000
export const IMAGE_TEXT_MAX = 200
export const IMAGE_VARIANTS_MAX = 5
export const INSPECT_COUNTRIES_MAX = 50
/** Inspected when the request names no countries: the 30 largest economies, as Nativ does. */
export const INSPECT_DEFAULT_COUNTRIES = [
  "United States",
  "China",
  "Germany",
  "Japan",
  "India",
  "United Kingdom",
  "France",
  "Italy",
  "Brazil",
  "Canada",
  "Russia",
  "Mexico",
  "Australia",
  "South Korea",
  "Spain",
  "Indonesia",
  "Netherlands",
  "Turkey",
  "Saudi Arabia",
  "Switzerland",
  "Poland",
  "Taiwan",
  "Belgium",
  "Sweden",
  "Argentina",
  "Ireland",
  "Israel",
  "Singapore",
  "United Arab Emirates",
  "Thailand",
]
export const IMAGE_MEDIA_TYPES = ["image/jpeg", "image/png", "image/webp"] as const
export const IMAGE_OUTPUT_FORMATS = ["png", "jpeg", "webp"] as const
export const IMAGE_MODELS = ["gpt", "gemini"] as const
/** The operation each visuals endpoint records (the Operations page shows it). */
export const VISUAL_ACTIONS = {
  extract: "Extract text",
  culturalize: "Culturalize image",
  inspect: "Inspect image",
} as const

export type ImageOutputFormat = (typeof IMAGE_OUTPUT_FORMATS)[number]

const toolSchema = z
  .enum(CULTURALIZE_TOOLS, { error: `tool must be one of ${CULTURALIZE_TOOLS.join(", ")}` })
  .default("api")

/** The form fields of POST /image/culturalize besides `file`, as text fields arrive. */
export const imageCulturalizeFieldsSchema = z.object({
  text: z
    .string({ error: "text must be text" })
    .trim()
    .max(IMAGE_TEXT_MAX, `text can be at most ${IMAGE_TEXT_MAX} characters`)
    .refine((v) => textProblem(v) === null, "text contains a NUL or an unpaired surrogate")
    .optional()
    .describe(
      `Text to render in place of the image's own text, culturalized into language_code first (at most ${IMAGE_TEXT_MAX} characters). Without it, the image's own text is culturalized.`,
    ),
  language_code: z
    .string({ error: "language_code is required, e.g. DE or PT-BR" })
    .trim()
    .min(1, "language_code is required, e.g. DE or PT-BR")
    .max(35, "language_code can be at most 35 characters")
    .regex(/^[A-Za-z0-9_-]+$/, "language_code may contain only letters, digits, - and _")
    .describe("The target language's code, e.g. DE, FR or PT-BR."),
  output_format: z
    .enum([...IMAGE_OUTPUT_FORMATS, "jpg"], { error: "output_format must be png, jpeg or webp" })
    .default("png")
    .transform((f): ImageOutputFormat => (f === "jpg" ? "jpeg" : f)),
  model: z
    .enum(IMAGE_MODELS, { error: `model must be one of ${IMAGE_MODELS.join(", ")}` })
    .default("gpt")
    .describe("Which image model family to ask, when the server has an image model."),
  num_images: z.coerce
    .number({ error: "num_images must be a whole number from 1 to 5" })
    .int("num_images must be a whole number from 1 to 5")
    .min(1, "num_images must be a whole number from 1 to 5")
    .max(IMAGE_VARIANTS_MAX, "num_images must be a whole number from 1 to 5")
    .default(1),
  tool: toolSchema,
})
export type ImageCulturalizeFields = z.infer<typeof imageCulturalizeFieldsSchema>

/** The form fields of POST /image/inspect besides `file`. */
export const imageInspectFieldsSchema = z.object({
  countries: z
    .string({ error: "countries must be text: comma-separated country names" })
    .max(2_000, "countries can be at most 2,000 characters")
    .refine((v) => textProblem(v) === null, "countries contains a NUL or an unpaired surrogate")
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(100, "Each country name can be at most 100 characters"))
        .max(INSPECT_COUNTRIES_MAX, `At most ${INSPECT_COUNTRIES_MAX} countries`),
    )
    .describe("Comma-separated country names, e.g. Japan,Brazil,Germany."),
})

export const textBoxSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
})
export type TextBox = z.infer<typeof textBoxSchema>

export const textBlockSchema = z.object({
  text: z.string(),
  box: textBoxSchema.describe("Where the line is, in pixels from the image's top left."),
  confidence: z.number().min(0).max(100).describe("The reader's confidence, 0–100."),
})
export type TextBlock = z.infer<typeof textBlockSchema>

const charged = {
  cost: z.number().int().describe("Credits charged"),
  credits_remaining: z.number().int(),
  operation_id: z.string(),
}

export const extractTextResponseSchema = z
  .object({
    extracted_text: z.string().describe("The image's text, one line per line read."),
    blocks: z.array(textBlockSchema).describe("Each line read, with its box and confidence."),
    method: z
      .enum(["local", "model"])
      .describe("local: the embedded OCR engine; model: a vision model."),
    ...charged,
  })
  .meta({
    example: {
      extracted_text: "Summer Sale\nOnly $1,299.99",
      blocks: [
        { text: "Summer Sale", box: { x: 64, y: 87, width: 368, height: 44 }, confidence: 95.4 },
        {
          text: "Only $1,299.99",
          box: { x: 63, y: 184, width: 363, height: 46 },
          confidence: 96.1,
        },
      ],
      method: "local",
      cost: TEXT_EXTRACT_CREDITS,
      credits_remaining: 998,
      operation_id: "1042",
    },
  })
export type ExtractTextResponse = z.infer<typeof extractTextResponseSchema>

export const imageCulturalizeResponseSchema = z
  .object({
    images: z.array(z.object({ image_base64: z.string() })),
    metadata: z.object({
      cost: z.number().int(),
      num_images: z.number().int(),
      method: z
        .enum(["local", "model"])
        .describe(
          "local: text regions read, repainted and redrawn here (one image); model: an image model.",
        ),
      output_format: z.enum(IMAGE_OUTPUT_FORMATS),
      regions: z
        .array(z.object({ source_text: z.string(), text: z.string(), box: textBoxSchema }))
        .describe("Each region redrawn: the text read there and the text drawn instead."),
      note: z.string().optional(),
    }),
    credits_remaining: z.number().int(),
    operation_id: z.string(),
  })
  .meta({
    example: {
      images: [{ image_base64: "iVBORw0KGgoAAAANSUhEUgAAAyAAAAEsCAIAAAB…" }],
      metadata: {
        cost: IMAGE_CULTURALIZE_CREDITS,
        num_images: 1,
        method: "local",
        output_format: "png",
        regions: [
          {
            source_text: "Sale ends 12/31/2026",
            text: "Sale ends 31.12.2026",
            box: { x: 62, y: 122, width: 560, height: 44 },
          },
        ],
      },
      credits_remaining: 990,
      operation_id: "1044",
    },
  })
export type ImageCulturalizeResponse = z.infer<typeof imageCulturalizeResponseSchema>

export const imageInspectResponseSchema = z
  .object({
    verdict: z.enum(["SAFE", "NOT SAFE"]),
    affected_countries: z.array(
      z.object({ country: z.string(), issue: z.string(), suggestion: z.string() }),
    ),
    ...charged,
  })
  .meta({
    example: {
      verdict: "NOT SAFE",
      affected_countries: [
        {
          country: "Brazil",
          issue: "The OK hand gesture is read as offensive.",
          suggestion: "Use a thumbs-up instead.",
        },
      ],
      cost: IMAGE_INSPECT_CREDITS,
      credits_remaining: 995,
      operation_id: "1043",
    },
  })
export type ImageInspectResponse = z.infer<typeof imageInspectResponseSchema>
