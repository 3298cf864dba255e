import type { EngineName, Formality, GlossaryEntry } from "@nativ/contracts"

export type { EngineName, Formality, GlossaryEntry }

/** A translation memory pair the model may follow. */
export type Reference = { source: string; target: string; score: number }

export type CulturalizeInput = {
  text: string
  /** The language name as the user's list shows it, e.g. "German". */
  language: string
  /** The language code as the user's list stores it, e.g. "DE", "PT-BR", "en_gb". */
  languageCode: string
  glossary: GlossaryEntry[]
  /** The text's language, e.g. "English" (the default). */
  sourceLanguage?: string
  formality?: Formality
  /** What the text is and where it appears, from the caller; guidance, never instructions. */
  context?: string
  /** The result must be at most this many characters (code points). */
  maxCharacters?: number
  /** The company's brand voice, enabled style guides and this language's custom style. */
  style?: string
  /** Similar pairs from the company's translation memory, best first. */
  references?: Reference[]
  /** Extra answers the caller asked for. */
  want?: { rationale?: boolean; backtranslation?: boolean }
}

export type CulturalizeResult = {
  text: string
  /** Something the reader should know about the result (the dashboard shows it). */
  note?: string
  /** What was adapted and why (when asked for). */
  rationale?: string
  /** The result translated back into the source language (when asked for); null = unavailable. */
  backtranslation?: string | null
}

/**
 * Culturalizes text into a target language and culture. Implementations throw only `EngineError`s
 * (see errors.ts), which the API maps to HTTP statuses; nothing is charged when one is thrown.
 */
export type CulturalizeEngine = {
  name: EngineName
  culturalize(input: CulturalizeInput, signal?: AbortSignal): Promise<CulturalizeResult>
  /**
   * Many texts with the same settings, results in the same order; all or nothing (it throws like
   * `culturalize`). Model engines pack several texts per call; engines without it are called once
   * per text. Rationale and back-translation are not produced.
   */
  culturalizeBatch?(
    shared: SharedInput,
    texts: BatchText[],
    signal?: AbortSignal,
  ): Promise<CulturalizeResult[]>
}

/**
 * One text of a batch, alone or with a note about that text only (a file's comment to
 * translators, or which plural form of the target to write); guidance for the wording, never
 * translated. Sent alone, the note goes with the request's context.
 */
export type BatchText = string | BatchItem
export type BatchItem = { text: string; note?: string }

/** Everything but the text: what the items of a batch have in common. */
export type SharedInput = Omit<CulturalizeInput, "text">
