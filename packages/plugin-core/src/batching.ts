import { comparePlaceholders, describePlaceholderMismatch } from "@nativ/i18n-files/placeholders"

import type { BatchRequest, BatchResponse, ShortenRequest } from "./api"
import { CancelledError, PluginError } from "./errors"
import { limitedKey, type SourceText, translationKey } from "./keys"

export type { SourceText } from "./keys"

/** The server's limits for one /text/culturalize-batch call (see @nativ/contracts). */
export const BATCH_ITEMS_MAX = 500
export const BATCH_CHARACTERS_MAX = 100_000

export type TargetLanguage = { name: string; code: string }

export type LocalizeSettings = {
  tool: "figma" | "photoshop"
  /** The design file's id, recorded on each operation. */
  fileId: string
  formality?: string
  glossaryId?: string | null
  /** What the texts are (the frames' names and the person's note). */
  context?: string
}

export type LocalizeProgress = {
  /** Distinct texts to send per language. */
  texts: number
  languages: number
  languagesDone: number
  batches: number
  batchesDone: number
  /** The language being sent now, if any. */
  language: TargetLanguage | null
}

/** A text left as it was in one language, and why (a lost placeholder, a limit it cannot fit). */
export type SkippedText = { code: string; source: string; reason: string }

export type LocalizeOutcome = {
  /** language code → source text → translation. Only finished batches are here. */
  translations: Map<string, Map<string, string>>
  creditsSpent: number
  /** Translations (one per distinct text and language) answered from the translation memory. */
  fromMemory: number
  batchesSent: number
  operationIds: string[]
  cancelled: boolean
  skipped: SkippedText[]
}

/** What the runner needs from the API client (NativApi implements it; tests may use the server). */
export type BatchApi = {
  culturalizeBatch(body: BatchRequest, options?: { signal?: AbortSignal }): Promise<BatchResponse>
  shorten(body: ShortenRequest): Promise<{ text: string; cost: number }>
}

/** Cancel: the run stops before its next batch; the batch already sent finishes and is kept. */
export class CancelToken {
  private requested = false
  cancel() {
    this.requested = true
  }
  get cancelled() {
    return this.requested
  }
}

const length = (text: string) => [...text].length

/**
 * Splits distinct texts into batches the server accepts: at most 500 items and 100,000 characters
 * each, in order. A thousand short layers make two batches.
 */
export function planBatches(texts: readonly string[]): string[][] {
  const batches: string[][] = []
  let current: string[] = []
  let characters = 0
  for (const text of texts) {
    const size = length(text)
    if (
      current.length &&
      (current.length >= BATCH_ITEMS_MAX || characters + size > BATCH_CHARACTERS_MAX)
    ) {
      batches.push(current)
      current = []
      characters = 0
    }
    current.push(text)
    characters += size
  }
  if (current.length) batches.push(current)
  return batches
}

type Limited = { text: string; maxCharacters: number }

/**
 * What each language needs sent: the distinct texts without a limit (batched), and each distinct
 * (text, limit) pair, which goes alone with `max_characters` since a batch item cannot carry one.
 */
export function distinctTexts(sources: readonly SourceText[]) {
  const free = new Set<string>()
  const limited = new Map<string, Limited>()
  for (const { text, maxCharacters } of sources) {
    if (!text.trim()) continue
    if (maxCharacters) limited.set(`${maxCharacters}\u0000${text}`, { text, maxCharacters })
    else free.add(text)
  }
  return { free: [...free], limited: [...limited.values()] }
}

/**
 * Culturalizes a design's texts into each language: every distinct text sent once per language,
 * in as few batches as the server's limits allow, one language after another. Progress is reported
 * after each batch; Cancel stops before the next one, so only finished batches are charged. A
 * failure (402, 401, network) stops the run and is thrown, with the finished work in `partial`.
 */
export async function localizeTexts(
  api: BatchApi,
  sources: readonly SourceText[],
  languages: readonly TargetLanguage[],
  settings: LocalizeSettings,
  {
    onProgress,
    cancel = new CancelToken(),
  }: { onProgress?: (progress: LocalizeProgress) => void; cancel?: CancelToken } = {},
): Promise<LocalizeOutcome> {
  const { free, limited } = distinctTexts(sources)
  const batches = planBatches(free)
  const outcome: LocalizeOutcome = {
    translations: new Map(),
    creditsSpent: 0,
    fromMemory: 0,
    batchesSent: 0,
    operationIds: [],
    cancelled: false,
    skipped: [],
  }
  const progress: LocalizeProgress = {
    texts: free.length + limited.length,
    languages: languages.length,
    languagesDone: 0,
    batches: (batches.length + limited.length) * languages.length,
    batchesDone: 0,
    language: null,
  }
  onProgress?.({ ...progress })
  const shared = {
    tool: settings.tool,
    ...(settings.formality ? { formality: settings.formality } : {}),
    ...(settings.glossaryId ? { glossary_id: settings.glossaryId } : {}),
    ...(settings.context ? { context: settings.context.slice(0, 2000) } : {}),
  }
  const keep = (code: string, key: string, source: string, translated: string) => {
    const mismatches = comparePlaceholders(source, translated)
    if (mismatches.length) {
      const problems = mismatches.map(describePlaceholderMismatch).join(", ")
      outcome.skipped.push({ code, source, reason: `The translation changed it: ${problems}` })
      return false
    }
    outcome.translations.get(code)!.set(key, translated)
    return true
  }
  try {
    for (const language of languages) {
      outcome.translations.set(language.code, new Map())
      progress.language = language
      const target = { language: language.name, language_code: language.code }
      for (const batch of batches) {
        if (cancel.cancelled) throw new CancelledError()
        const answer = await api.culturalizeBatch({
          ...shared,
          ...target,
          items: batch.map((text, i) => ({ id: String(i), text, file_id: settings.fileId })),
        })
        for (const result of answer.results) {
          const source = batch[Number(result.id)]
          if (source === undefined) continue
          const kept = keep(language.code, source, source, result.translated_text)
          if (kept && result.from_memory) outcome.fromMemory++
        }
        outcome.creditsSpent += answer.cost
        outcome.batchesSent++
        outcome.operationIds.push(answer.operation_id)
        progress.batchesDone++
        onProgress?.({ ...progress })
      }
      for (const { text, maxCharacters } of limited) {
        if (cancel.cancelled) throw new CancelledError()
        const answer = await api
          .shorten({
            ...shared,
            ...target,
            text,
            max_characters: maxCharacters,
            file_id: settings.fileId,
          })
          .catch((error: unknown) => {
            // Nothing is charged for a result that cannot fit; the layer keeps its text.
            if (!(error instanceof PluginError) || error.code !== "max_characters_exceeded")
              throw error
            outcome.skipped.push({ code: language.code, source: text, reason: error.message })
            return null
          })
        if (answer) {
          keep(language.code, limitedKey(text, maxCharacters), text, answer.text)
          outcome.creditsSpent += answer.cost
        }
        progress.batchesDone++
        onProgress?.({ ...progress })
      }
      progress.languagesDone++
      onProgress?.({ ...progress })
    }
  } catch (error) {
    if (error instanceof CancelledError) {
      outcome.cancelled = true
      return outcome
    }
    throw Object.assign(error as Error, { partial: outcome })
  }
  progress.language = null
  return outcome
}

/** The translation of one layer's text, looked up as it was sent (with its limit, if any). */
export function translationFor(
  outcome: Pick<LocalizeOutcome, "translations">,
  code: string,
  source: SourceText,
): string | undefined {
  return outcome.translations.get(code)?.get(translationKey(source))
}
