import { z } from "zod"

import type { LanguageField } from "./language-resolution"

const codeSchema = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, { message: `${name} cannot be empty`, abort: true })
    .max(35, `${name} can be at most 35 characters`)
    .regex(
      /^[\p{L}\p{N}_-]+$/u,
      `${name} may contain only letters, digits, - and _ (e.g. DE, PT-BR)`,
    )

const nameSchema = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, `${name} cannot be empty`)
    .max(100, `${name} can be at most 100 characters`)

/**
 * How a request names its languages, as Nativ's SDKs and DeepL's clients send them: a name, a
 * code, or both, for the target and (optionally) the source. The server resolves them to one
 * canonical language each (request-languages.ts on the server), so the fields here only check
 * their shape.
 */
export const requestLanguageFields = {
  language: nameSchema("language")
    .optional()
    .describe(
      'The target language by name ("Japanese", "Portuguese (Brazil)", "Chinese (Simplified)"). Give it, language_code or target_lang.',
    ),
  language_code: codeSchema("language_code")
    .optional()
    .describe(
      "The target language's code (BCP 47, any case: ja, PT-BR, zh-Hans); decides when a name is also given.",
    ),
  target_lang: codeSchema("target_lang").optional().describe("DeepL's name for language_code."),
  source_language: nameSchema("source_language")
    .optional()
    .describe("The text's language by name (default English)."),
  source_language_code: codeSchema("source_language_code")
    .optional()
    .describe("The text's language code (default en); translation memory is matched on it."),
  source_lang: codeSchema("source_lang")
    .optional()
    .describe("DeepL's name for source_language_code."),
}

export type RequestLanguages = {
  language?: string | undefined
  language_code?: string | undefined
  target_lang?: string | undefined
  source_language?: string | undefined
  source_language_code?: string | undefined
  source_lang?: string | undefined
}

export const NO_TARGET_LANGUAGE =
  "Give the target language: language (a name such as Japanese), language_code (a code such as ja) or target_lang"

/** A request must name its target language somehow; checked in the schema so it is a 400. */
export function requireTargetLanguage(request: RequestLanguages, ctx: z.RefinementCtx) {
  if (!request.language && !request.language_code && !request.target_lang)
    ctx.addIssue({ code: "custom", path: ["language"], message: NO_TARGET_LANGUAGE })
}

/** A language as a request asked for it: its name and code, and the field the code came from. */
export type AskedLanguage = {
  name: string | null
  code: string | null
  codeField: LanguageField
  nameField: LanguageField
}

export function askedTarget(request: RequestLanguages): AskedLanguage {
  return {
    name: request.language ?? null,
    code: request.language_code ?? request.target_lang ?? null,
    codeField: request.language_code ? "language_code" : "target_lang",
    nameField: "language",
  }
}

export function askedSource(request: RequestLanguages): AskedLanguage {
  return {
    name: request.source_language ?? null,
    code: request.source_language_code ?? request.source_lang ?? null,
    codeField: request.source_language_code ? "source_language_code" : "source_lang",
    nameField: "source_language",
  }
}
