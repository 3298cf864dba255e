import type { EngineName, GlossaryEntry } from "@nativ/contracts"

export type { EngineName, GlossaryEntry }

export type CulturalizeInput = {
  text: string
  /** The language name as the user's list shows it, e.g. "German". */
  language: string
  /** The language code as the user's list stores it, e.g. "DE", "PT-BR", "en_gb". */
  languageCode: string
  glossary: GlossaryEntry[]
}

export type CulturalizeResult = {
  text: string
  /** Something the reader should know about the result (the dashboard shows it). */
  note?: string
}

/**
 * Culturalizes text into a target language and culture. Implementations throw only `EngineError`s
 * (see errors.ts), which the API maps to HTTP statuses; nothing is charged when one is thrown.
 */
export type CulturalizeEngine = {
  name: EngineName
  culturalize(input: CulturalizeInput, signal?: AbortSignal): Promise<CulturalizeResult>
}
