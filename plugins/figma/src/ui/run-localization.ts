import {
  type BatchApi,
  CancelToken,
  type LocalizeOutcome,
  type LocalizeProgress,
  localizeTexts,
  PSEUDO_LOCALE,
  pseudoLocalize,
  type SkippedText,
  translationKey,
} from "@nativ/plugin-core"

import type { ApplyResult, MainHandlers, Mode, Scope, TargetLanguage } from "../protocol"

export type RunInput = {
  scope: Scope
  mode: Mode
  languages: TargetLanguage[]
  formality?: string
  glossaryId?: string | null
  note?: string
}

export type RunSummary = ApplyResult & {
  texts: number
  creditsSpent: number
  batchesSent: number
  cancelled: boolean
  skipped: SkippedText[]
  pseudo: boolean
  hiddenSkipped: number
  mainComponents: ApplyResult["locked"]
  /** What Shorten sends again with its request. */
  fileId: string
  context: string
}

/** The context the server is given: the person's note and the frames' names. */
export function contextFor(note: string | undefined, frames: string[]) {
  return [note?.trim(), frames.length ? `Frames: ${frames.join(", ")}` : ""]
    .filter(Boolean)
    .join("\n")
}

function tables(outcome: Pick<LocalizeOutcome, "translations">) {
  return Object.fromEntries(
    [...outcome.translations].map(([code, table]) => [code, Object.fromEntries(table)]),
  )
}

/**
 * One localization, start to end: the main code lists the texts in scope, the core culturalizes
 * each distinct text once per language in batches (or pseudo-localizes them, free and offline),
 * and the main code writes what came back. Cancel stops before the next batch and writes what was
 * paid for; a failure (402, revoked) writes what finished before it, then is thrown.
 */
export async function runLocalization(
  main: MainHandlers,
  api: BatchApi | null,
  input: RunInput,
  control: { cancel?: CancelToken; onProgress?: (progress: LocalizeProgress) => void } = {},
): Promise<RunSummary> {
  const scan = await main.scan(input.scope)
  const pseudo = api === null
  let outcome: LocalizeOutcome
  let failure: unknown = null
  const context = contextFor(
    input.note,
    scan.frames.map((f) => f.name),
  )
  if (pseudo) {
    const table = new Map(scan.texts.map((t) => [translationKey(t), pseudoLocalize(t.text)]))
    outcome = {
      translations: new Map([[PSEUDO_LOCALE.code, table]]),
      creditsSpent: 0,
      batchesSent: 0,
      operationIds: [],
      cancelled: false,
      skipped: [],
    }
  } else {
    try {
      outcome = await localizeTexts(
        api,
        scan.texts,
        input.languages,
        {
          tool: "figma",
          fileId: scan.fileId,
          formality: input.formality,
          glossaryId: input.glossaryId ?? null,
          context,
        },
        { cancel: control.cancel ?? new CancelToken(), onProgress: control.onProgress },
      )
    } catch (error) {
      failure = error
      outcome = (error as { partial?: LocalizeOutcome }).partial ?? {
        translations: new Map(),
        creditsSpent: 0,
        batchesSent: 0,
        operationIds: [],
        cancelled: false,
        skipped: [],
      }
    }
  }
  const languages = pseudo
    ? [{ name: PSEUDO_LOCALE.name, code: PSEUDO_LOCALE.code }]
    : input.languages.filter((l) => outcome.translations.get(l.code)?.size)
  const written = languages.length
    ? await main.apply({
        scope: input.scope,
        mode: pseudo ? "copies" : input.mode,
        languages,
        translations: tables(outcome),
      })
    : null
  if (failure) throw failure
  return {
    changed: written?.changed ?? 0,
    copies: written?.copies ?? [],
    missingFonts: written?.missingFonts ?? scan.missingFonts,
    locked: written?.locked ?? scan.locked,
    styleFallbacks: written?.styleFallbacks ?? [],
    overflows: written?.overflows ?? [],
    fontsLoaded: written?.fontsLoaded ?? 0,
    texts: scan.texts.length,
    creditsSpent: outcome.creditsSpent,
    batchesSent: outcome.batchesSent,
    cancelled: outcome.cancelled,
    skipped: outcome.skipped,
    pseudo,
    hiddenSkipped: scan.hiddenSkipped,
    mainComponents: scan.mainComponents,
    fileId: scan.fileId,
    context,
  }
}
