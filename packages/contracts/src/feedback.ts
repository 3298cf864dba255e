import { z } from "zod"

import { wholeNumberParam } from "./whole-number-param"

import { refuseUnstorable } from "./storable"

/**
 * Feedback on a culturalization (POST and GET /api/v1/text/feedback), as Nativ's SDKs send it and
 * as the Playground's feedback card stores it: a Good or Poor rating and/or written feedback. A Good
 * rating keeps the pair in the translation memory when the language is one of the company's.
 */

export const FEEDBACK_TEXT_MAX = 100_000
export const FEEDBACK_NOTE_MAX = 5_000
export const FEEDBACK_PAGE_MAX = 100

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, `${field} can be at most ${max.toLocaleString("en-US")} characters`)

export const submitFeedbackSchema = z
  .object({
    source: text("source", FEEDBACK_TEXT_MAX)
      .refine((v) => v.trim().length > 0, "source is required: the text that was culturalized")
      .describe("The text that was culturalized."),
    result: text("result", FEEDBACK_TEXT_MAX)
      .refine((v) => v.trim().length > 0, "result is required: the culturalization rated")
      .describe("The culturalization the feedback is about."),
    language: z
      .string({ error: "language is required: the target language's name, e.g. French" })
      .trim()
      .min(1, "language is required: the target language's name, e.g. French")
      .max(100, "language can be at most 100 characters")
      .describe("The target language, by the name the company's languages use."),
    approved: z
      .boolean({ error: "approved must be true (Good), false (Poor) or null" })
      .nullish()
      .transform((v) => v ?? null)
      .describe("true for Good (kept in the translation memory), false for Poor."),
    feedback: text("feedback", FEEDBACK_NOTE_MAX)
      .nullish()
      .transform((v) => v?.trim() || null)
      .describe("What should change, in the reviewer's words."),
  })
  .superRefine(refuseUnstorable)
  .refine((v) => v.approved !== null || v.feedback !== null, {
    message: "Give a rating (approved: true or false) or some written feedback",
  })
  .meta({
    example: {
      source: "Hello world",
      result: "Bonjour le monde",
      language: "French",
      feedback: "Should be more casual: 'Salut tout le monde'",
      approved: false,
    },
  })
export type SubmitFeedback = z.output<typeof submitFeedbackSchema>

export const feedbackSchema = z
  .object({
    id: z.string(),
    source: z.string(),
    result: z.string(),
    language: z.string(),
    approved: z.boolean().nullable(),
    feedback: z.string().nullable(),
    created_at: z.string().describe("ISO 8601, UTC."),
  })
  .meta({
    example: {
      id: "5b0c8f3e-1a2b-4c3d-9e8f-7a6b5c4d3e2f",
      source: "Hello world",
      result: "Bonjour le monde",
      language: "French",
      approved: false,
      feedback: "Should be more casual: 'Salut tout le monde'",
      created_at: "2026-11-26T09:30:00.000Z",
    },
  })
export type Feedback = z.infer<typeof feedbackSchema>

export const feedbackListQuerySchema = z.object({
  limit: wholeNumberParam("limit", 1, FEEDBACK_PAGE_MAX).default(50).meta({ example: 50 }),
  offset: wholeNumberParam("offset", 0, 10_000_000).default(0).meta({ example: 0 }),
})

export const feedbackListSchema = z
  .object({
    feedback: z.array(feedbackSchema),
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
  })
  .meta({
    example: {
      feedback: [
        {
          id: "5b0c8f3e-1a2b-4c3d-9e8f-7a6b5c4d3e2f",
          source: "Hello world",
          result: "Bonjour le monde",
          language: "French",
          approved: false,
          feedback: "Should be more casual: 'Salut tout le monde'",
          created_at: "2026-11-26T09:30:00.000Z",
        },
      ],
      total: 1,
      offset: 0,
      limit: 50,
    },
  })
export type FeedbackList = z.infer<typeof feedbackListSchema>
