import {
  type BatchApi,
  CancelToken,
  type LocalizeOutcome,
  type LocalizeProgress,
  localizeTexts,
  PluginError,
  PSEUDO_LOCALE,
  pseudoLocalize,
  type TargetLanguage,
  translationFor,
} from "@nativ/plugin-core"

import { fileIdFor } from "./file-id"
import type { Host } from "./host"
import { allTexts, collectTexts, type Skipped } from "./layers"
import { type Overflow } from "./overflow"
import { smartObjectReader } from "./write"
import { writeCopy, writeInPlace } from "./write-modes"

export type LocalizeMode = "copies" | "in-place"

export type LocalizeOptions = {
  mode: LocalizeMode
  languages: TargetLanguage[]
  /** Copies: save each beside the original as `<name>-<code>.psd` (the person agreed). */
  saveCopies: boolean
  selectionOnly: boolean
  includeHidden: boolean
  formality?: string
  glossaryId?: string | null
  /** The person's note about the texts, sent as context. */
  note?: string
  /**
   * Preview with the pseudo-locale instead (accents, 35 % longer, brackets): made here, offline,
   * never sent, charged or recorded, so overflow shows before anyone pays. Copies stay unsaved.
   */
  pseudo?: boolean
}

export type CopyResult = { language: string; code: string; name: string; savedAs: string | null }

export type LocalizeSummary = {
  /** Text layers written, over all languages. */
  textsChanged: number
  /** Distinct texts sent per language. */
  textsSent: number
  /** Translations the server answered from the company's translation memory (free). */
  fromMemory: number
  creditsSpent: number
  batchesSent: number
  copies: CopyResult[]
  overflow: Overflow[]
  skipped: Skipped[]
  cancelled: boolean
  /** Why copies were not saved, when they could not be. */
  notSaved: string | null
}

export type Phase = "reading" | "sending" | "writing"
export type Progress = LocalizeProgress & { phase: Phase }

/** A failure after some batches finished: those were charged, and their texts were written. */
export class PartlyDone extends Error {
  constructor(
    readonly error: PluginError,
    readonly summary: LocalizeSummary,
  ) {
    super(error.message)
  }
}

/**
 * Localizes the active document: reads its text layers (and the text inside embedded smart
 * objects), sends each distinct text once per language in batches, then writes the results — a
 * duplicate document per language, or the document itself as one history state. Nothing touches
 * the document until the texts are back; Cancel stops before the next batch and what finished is
 * written; a failure before any batch finished leaves the document as it was.
 */
export async function localizeDocument(
  host: Host,
  api: BatchApi,
  options: LocalizeOptions,
  {
    onProgress,
    cancel = new CancelToken(),
  }: { onProgress?: (progress: Progress) => void; cancel?: CancelToken } = {},
): Promise<LocalizeSummary> {
  const { photoshop: ps } = host
  const document = ps.app.activeDocument
  if (!document) throw new PluginError("request", "Open a document in Photoshop first.")
  if (options.pseudo) options = { ...options, languages: [PSEUDO_LOCALE], saveCopies: false }
  if (!options.languages.length) throw new PluginError("request", "Choose at least one language.")
  if (options.mode === "in-place" && options.languages.length > 1)
    throw new PluginError(
      "request",
      "In place writes one language into this document; choose one language, or make copies.",
    )

  const report = (progress: LocalizeProgress, phase: Phase) => onProgress?.({ ...progress, phase })
  report(idle(options.languages.length), "reading")
  const insideSmartObjects: Skipped[] = []
  const { tree, skipped } = await ps.core.executeAsModal(
    () => collectTexts(ps, document, options, smartObjectReader(host, options, insideSmartObjects)),
    { commandName: "Nativ: reading texts" },
  )
  const sources = allTexts(tree).map((spot, i) => ({ id: String(i), text: spot.text }))
  if (!sources.length)
    throw new PluginError(
      "request",
      options.selectionOnly
        ? "The selected layers have no text to localize. Select text layers or groups, or localize the whole document."
        : "This document has no text layers to localize.",
    )

  let outcome: LocalizeOutcome
  let failure: PluginError | null = null
  try {
    outcome = options.pseudo
      ? pseudoOutcome(sources.map((s) => s.text))
      : await localizeTexts(
          api,
          sources,
          options.languages,
          {
            tool: "photoshop",
            fileId: fileIdFor(document),
            formality: options.formality,
            glossaryId: options.glossaryId,
            context: [`Photoshop document "${document.name}"`, options.note]
              .filter(Boolean)
              .join(". "),
          },
          { onProgress: (progress) => report(progress, "sending"), cancel },
        )
  } catch (error) {
    const partial = (error as { partial?: LocalizeOutcome }).partial
    const finished = partial && [...partial.translations.values()].some((table) => table.size > 0)
    if (!finished || !(error instanceof PluginError)) throw error
    outcome = partial
    failure = error
  }

  const summary: LocalizeSummary = {
    textsChanged: 0,
    textsSent: new Set(sources.map((s) => s.text)).size,
    fromMemory: outcome.fromMemory,
    creditsSpent: outcome.creditsSpent,
    batchesSent: outcome.batchesSent,
    copies: [],
    overflow: [],
    skipped: [
      ...skipped,
      ...insideSmartObjects,
      ...outcome.skipped.map((s) => ({ name: `"${s.source}" (${s.code})`, reason: s.reason })),
    ],
    cancelled: outcome.cancelled,
    notSaved: null,
  }
  const written = options.languages.filter(
    (language) => outcome.translations.get(language.code)?.size,
  )
  for (const language of written) {
    report({ ...idle(options.languages.length), language }, "writing")
    const lookup = (text: string) => translationFor(outcome, language.code, { id: "", text })
    if (options.mode === "in-place")
      await writeInPlace(host, document, tree, language, lookup, summary)
    else await writeCopy(host, document, tree, language, lookup, options.saveCopies, summary)
  }
  // Duplicating brings each copy to the front; the person stays on the document they localized.
  if (options.mode === "copies" && written.length)
    await ps.core.executeAsModal(
      async () => {
        ps.app.activeDocument = document
      },
      { commandName: "Nativ: back to the original" },
    )
  if (failure) throw new PartlyDone(failure, summary)
  return summary
}

/** The pseudo-locale's "translations", made offline. */
function pseudoOutcome(texts: string[]): LocalizeOutcome {
  const table = new Map(texts.map((text) => [text, pseudoLocalize(text)]))
  return {
    translations: new Map([[PSEUDO_LOCALE.code, table]]),
    creditsSpent: 0,
    fromMemory: 0,
    batchesSent: 0,
    operationIds: [],
    cancelled: false,
    skipped: [],
  }
}

const idle = (languages: number): LocalizeProgress => ({
  texts: 0,
  languages,
  languagesDone: 0,
  batches: 0,
  batchesDone: 0,
  language: null,
})
