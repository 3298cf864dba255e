import {
  type BatchApi,
  CancelToken,
  type NativApi,
  type LocalizeOutcome,
  type LocalizeProgress,
  localizeTexts,
  PSEUDO_LOCALE,
  pseudoLocalize,
  type SkippedText,
  translationKey,
} from "@nativ/plugin-core"

import type { ApplyResult, MainHandlers, Mode, Scope, TargetLanguage } from "../protocol"

/** The calls a run makes: batches, Shorten's single texts, and images when asked. */
export type RunApi = BatchApi & { culturalizeImage?: NativApi["culturalizeImage"] }

export type RunInput = {
  scope: Scope
  /** Also culturalize the image fills of the copies (charged per image and language). */
  images?: boolean
  mode: Mode
  languages: TargetLanguage[]
  formality?: string
  glossaryId?: string | null
  note?: string
}

export type RunSummary = ApplyResult & {
  texts: number
  creditsSpent: number
  /** Translations the server answered from the company's translation memory (free). */
  fromMemory: number
  batchesSent: number
  cancelled: boolean
  skipped: SkippedText[]
  pseudo: boolean
  hiddenSkipped: number
  mainComponents: ApplyResult["locked"]
  /** What Shorten sends again with its request. */
  fileId: string
  context: string
  imagesChanged: number
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
  api: RunApi | null,
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
      fromMemory: 0,
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
        fromMemory: 0,
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
  let imagesChanged = 0
  if (api?.culturalizeImage && input.images && written && !outcome.cancelled) {
    const images = await localizeImages(
      main,
      api.culturalizeImage.bind(api),
      written,
      control.cancel,
    )
    imagesChanged = images.changed
    outcome.creditsSpent += images.credits
  }
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
    fromMemory: outcome.fromMemory,
    batchesSent: outcome.batchesSent,
    cancelled: outcome.cancelled,
    skipped: outcome.skipped,
    pseudo,
    hiddenSkipped: scan.hiddenSkipped,
    mainComponents: scan.mainComponents,
    fileId: scan.fileId,
    context,
    imagesChanged,
  }
}

/** The server reads PNG and JPEG (and WebP); Figma also keeps GIFs, which are left as they are. */
function imageType(bytes: Uint8Array) {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return "image/png"
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return "image/jpeg"
  if (bytes[8] === 0x57 && bytes[9] === 0x45) return "image/webp"
  return null
}

/**
 * Each image of each copy through /image/culturalize into the copy's language (an image shown in
 * several layers of a copy is sent once), the answer put in place of the image in that copy.
 */
async function localizeImages(
  main: MainHandlers,
  culturalizeImage: NonNullable<RunApi["culturalizeImage"]>,
  written: ApplyResult,
  cancel: CancelToken | undefined,
) {
  const codeOf = new Map(written.copies.map((c) => [c.id, c.code]))
  const images = await main.images(written.copies.map((c) => c.id))
  let changed = 0
  let credits = 0
  for (const image of images) {
    if (cancel?.cancelled) break
    const bytes = await main.imageBytes(image.hash)
    const type = imageType(bytes)
    if (!type) continue
    const result = await culturalizeImage(new Blob([bytes as BlobPart], { type }), {
      language_code: codeOf.get(image.copyId)!,
      tool: "figma",
    })
    credits += result.cost
    changed += await main.replaceImage(image.nodeIds, image.hash, result.bytes)
  }
  return { changed, credits }
}
