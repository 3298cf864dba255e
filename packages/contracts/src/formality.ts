import { z } from "zod"

/** Tone levels a culturalization can take, least to most formal (Nativ's API's names). */
export const FORMALITY_LEVELS = [
  "very_informal",
  "informal",
  "neutral",
  "formal",
  "very_formal",
] as const
export type Formality = (typeof FORMALITY_LEVELS)[number]

/** DeepL's names, accepted for clients moving from DeepL. */
const DEEPL_ALIASES = { prefer_more: "formal", prefer_less: "informal" } as const

export const FORMALITY_LABELS: Record<Formality, string> = {
  very_informal: "Very informal",
  informal: "Informal",
  neutral: "Neutral",
  formal: "Formal",
  very_formal: "Very formal",
}

export const formalitySchema = z
  .enum([...FORMALITY_LEVELS, ...(Object.keys(DEEPL_ALIASES) as (keyof typeof DEEPL_ALIASES)[])], {
    error: `formality must be one of ${FORMALITY_LEVELS.join(", ")} (or DeepL's prefer_more, prefer_less)`,
  })
  .transform((value): Formality =>
    value in DEEPL_ALIASES
      ? DEEPL_ALIASES[value as keyof typeof DEEPL_ALIASES]
      : (value as Formality),
  )
  .meta({
    description: `The tone: ${FORMALITY_LEVELS.join(", ")}; DeepL's prefer_more and prefer_less mean formal and informal.`,
    example: "formal",
  })

/** GET /user/languages/formality-options: the tones a language or a request may take. */
export const formalityOptionsSchema = z
  .object({
    options: z.array(
      z.object({ value: z.enum(FORMALITY_LEVELS), label: z.string(), description: z.string() }),
    ),
  })
  .meta({
    example: {
      options: [{ value: "formal", label: "Formal", description: "Polite forms of address." }],
    },
  })

const FORMALITY_DESCRIPTIONS: Record<Formality, string> = {
  very_informal: "Casual and familiar, as between friends.",
  informal: "Friendly, with familiar forms of address where the language has them (du, tu).",
  neutral: "Neither familiar nor stiff.",
  formal: "Polite forms of address where the language has them (Sie, vous).",
  very_formal: "Deferential, as in official correspondence.",
}

export const FORMALITY_OPTIONS = FORMALITY_LEVELS.map((value) => ({
  value,
  label: FORMALITY_LABELS[value],
  description: FORMALITY_DESCRIPTIONS[value],
}))
