import { z } from "zod"

import { refuseUnstorable } from "./storable"

export const STYLE_GUIDE_TITLE_MAX = 200
export const STYLE_GUIDE_CONTENT_MAX = 20_000
export const BRAND_VOICE_MAX = 10_000
export const STYLE_GUIDES_MAX = 50

const thousands = (n: number) => n.toLocaleString("en-US")

const exampleGuide = {
  id: "5b0e2c1a-7f3d-4c8e-9a61-2d4f0b9e6c11",
  title: "Product names",
  content: "Never translate product names: Nativ, Figma, Photoshop.",
  is_enabled: true,
  display_order: 0,
  created_at: "2026-11-24T10:00:00.000Z",
  updated_at: "2026-11-24T10:00:00.000Z",
}
const exampleVoice = "Warm, confident and direct. Short sentences."

export const styleGuideSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    is_enabled: z.boolean(),
    display_order: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ example: exampleGuide })
export type StyleGuide = z.infer<typeof styleGuideSchema>

const title = z
  .string({ error: "Please enter a title" })
  .trim()
  .min(1, "Please enter a title")
  .max(STYLE_GUIDE_TITLE_MAX, `The title can be at most ${STYLE_GUIDE_TITLE_MAX} characters`)
const content = z
  .string({ error: "Please enter the guide's text" })
  .trim()
  .min(1, "Please enter the guide's text")
  .max(
    STYLE_GUIDE_CONTENT_MAX,
    `A style guide can be at most ${thousands(STYLE_GUIDE_CONTENT_MAX)} characters`,
  )

export const styleGuideCreateSchema = z
  .object({
    title,
    content,
    is_enabled: z.boolean().default(true),
    display_order: z.number().int().min(0).max(100_000).optional(),
  })
  .superRefine(refuseUnstorable)
  .meta({ example: { title: exampleGuide.title, content: exampleGuide.content, is_enabled: true } })

export const styleGuideUpdateSchema = z
  .object({
    title: title.optional(),
    content: content.optional(),
    is_enabled: z.boolean().optional(),
    display_order: z.number().int().min(0).max(100_000).optional(),
  })
  .superRefine(refuseUnstorable)
  .meta({ example: { is_enabled: false, display_order: 2 } })
export type StyleGuideUpdate = z.infer<typeof styleGuideUpdateSchema>

export const styleGuideListSchema = z
  .object({ guides: z.array(styleGuideSchema) })
  .meta({ example: { guides: [exampleGuide] } })

export const brandVoiceSchema = z
  .object({
    prompt: z
      .string()
      .nullable()
      .describe("The brand voice: how the company sounds in every language."),
    exists: z.boolean(),
  })
  .meta({ example: { prompt: exampleVoice, exists: true } })
export type BrandVoice = z.infer<typeof brandVoiceSchema>

export const brandVoiceUpdateSchema = z
  .object({
    prompt: z
      .string({ error: "The brand voice must be text or null" })
      .trim()
      .max(
        BRAND_VOICE_MAX,
        `The brand voice can be at most ${thousands(BRAND_VOICE_MAX)} characters`,
      )
      .nullable()
      .transform((value) => value || null),
  })
  .superRefine(refuseUnstorable)
  .meta({ example: { prompt: exampleVoice } })

export const combinedStyleSchema = z
  .object({
    prompt: z
      .string()
      .describe("What every model call is told: the brand voice, then each enabled guide."),
    brand_voice: z.string().nullable(),
    guides: z.array(styleGuideSchema.pick({ id: true, title: true, content: true })),
    exists: z.boolean().describe("False when there is neither a brand voice nor an enabled guide."),
  })
  .meta({
    example: {
      prompt: `Brand voice:\n${exampleVoice}\n\nStyle guide "Product names":\n${exampleGuide.content}`,
      brand_voice: exampleVoice,
      guides: [{ id: exampleGuide.id, title: exampleGuide.title, content: exampleGuide.content }],
      exists: true,
    },
  })
export type CombinedStyle = z.infer<typeof combinedStyleSchema>
