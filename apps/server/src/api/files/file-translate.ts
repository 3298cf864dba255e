import { createHash } from "node:crypto"

import { culturalizeCost, type FileWarning } from "@nativ/contracts"
import {
  assembleTranslation,
  checkTranslation,
  type PluralForms,
  type Segment,
  segmentNote,
  type TextUnit,
  type Translation,
  unitSegments,
  withFoldedForms,
} from "@nativ/i18n-files"

import type { AppDeps } from "../../deps"
import { mapBounded } from "../../engine/map-bounded"
import { contextWithNote } from "../../engine/packed-batch"
import type { BatchItem, SharedInput } from "../../engine/types"
import { runEngine, withEngineErrors } from "../culturalize/culturalize.service"
import type { Db } from "../../db/schema"
import { eventLoopTurns } from "./event-loop-turns"
import { readFile, type ReadFile } from "./file-format"
import type { FileWorkerPool } from "./file-worker-pool"
import { recallMany } from "./files.repo"

/** Engine calls at once for an engine without a batch path (as batches). */
const CONCURRENCY = 4
/** Texts per engine batch call, so a long file goes in pieces a model can take. */
const ENGINE_CHUNK = 200

/**
 * One file into one language, planned before any engine work: which keys keep a translation
 * (from `existing`), which texts the memory answers for free, which go to the engine and what
 * they cost. Identical requests (a text and its note: the unit's context and comment, which plural
 * form) are one: they go to the engine once and are charged once.
 */
export type LanguagePlan = {
  code: string
  shared: SharedInput
  /** The memory's key for this language's settings. */
  settingsHash: string
  /** Units that keep their previous translation (`existing`), by key. */
  kept: Map<string, Translation>
  /** Units to assemble from segment translations. */
  units: TextUnit[]
  /**
   * Each of those units' segments into this language (computed once), by unit: a format may give
   * two units one key (i18next's `friend_male` beside the plural `friend_male_one`…), whose
   * translations then go into one Translation (`text` and `plural`).
   */
  segments: Map<TextUnit, Segment[]>
  /** Request key (requestKey) → its translation, from memory (free). */
  known: Map<string, string>
  /** Distinct requests for the engine, with each one's hash (the memory's key). */
  fresh: FreshRequest[]
  /** What the fresh texts cost, each priced as a single request. */
  cost: number
  /** The source hash of every unit, to record which source produced each key. */
  sourceHashes: Map<string, string>
  /** Human translations kept whose placeholders differ from the source. */
  warnings: FileWarning[]
}

export type FreshRequest = BatchItem & { key: string; hash: string }

/** What a segment is asked as: its text, with its note (segmentNote) when it has one. */
function requestOf(segment: Segment): BatchItem {
  const note = segmentNote(segment)
  return note === undefined ? { text: segment.text } : { text: segment.text, note }
}

/** One string per distinct request: a text with a note is another request than the bare text. */
function requestKey({ text, note }: BatchItem) {
  return note === undefined ? text : JSON.stringify([text, note])
}

/** A stable, short fingerprint of a unit's source (its text, plural forms and kind). */
export function sourceHash(unit: TextUnit) {
  return createHash("sha256")
    .update(JSON.stringify([unit.source, unit.plural ?? null, unit.icu ?? false]))
    .digest("hex")
    .slice(0, 16)
}

/**
 * The memory's keys for one language: the hash of the settings (language, glossary, style,
 * formality, context, engine), so a change of any of them is a fresh translation, and of each
 * request under them. A text with a note is keyed apart from the bare text (Russian `few` and
 * `many` are remembered apart); a bare text keeps the key it always had.
 */
export function segmentHasher(shared: SharedInput, engine: string) {
  const settingsHash = createHash("sha256")
    .update(JSON.stringify({ file_segment: 1, shared, engine }))
    .digest("hex")
  // a different prefix of the same length, so no bare text can hash like a noted one
  const notedHash = createHash("sha256").update(`${settingsHash}:noted`).digest("hex")
  const hashOf = ({ text, note }: BatchItem) =>
    (note === undefined
      ? createHash("sha256").update(settingsHash).update(text)
      : createHash("sha256")
          .update(notedHash)
          .update(JSON.stringify([text, note]))
    )
      .digest("hex")
      .slice(0, 32)
  return { settingsHash, hashOf }
}

/** The translations in a previous output of the file, by key. */
export async function previousTranslations(
  workers: FileWorkerPool,
  parsed: Pick<ReadFile, "format">,
  existing: string,
  filename: string,
  language: string,
): Promise<Map<string, Translation>> {
  const previous = await readFile(workers, existing, filename, parsed.format, {
    what: `existing (${language})`,
    once: true,
  })
  const byKey = new Map<string, Translation>()
  for (const unit of previous.units) {
    if (unit.plural || (unit.target !== undefined && typeof unit.target !== "string")) {
      const forms = (typeof unit.target === "object" ? unit.target : unit.plural) as PluralForms
      // gettext holds fewer forms than CLDR names for some languages (French: no `many`).
      const held = forms && previous.format === "po" ? withFoldedForms(forms, language) : forms
      if (held) byKey.set(unit.key, { ...byKey.get(unit.key), plural: held })
    } else {
      const text = typeof unit.target === "string" ? unit.target : unit.source
      byKey.set(unit.key, { ...byKey.get(unit.key), text })
    }
  }
  return byKey
}

/**
 * Which translation of a key in the previous output is kept: the one recorded as made from the
 * current source (a person's edit of it survives); with no record (a file translated elsewhere),
 * one that is not just the source again. A key whose source changed since is translated again.
 */
function keeps(
  unit: TextUnit,
  previous: Translation | undefined,
  recorded: string | undefined,
  hash: string,
) {
  const own = unit.plural ? previous?.plural : previous?.text
  if (own === undefined) return false
  if (recorded !== undefined) return recorded === hash
  if (typeof own === "string") return own.trim() !== "" && own !== unit.source
  return own.other !== unit.plural?.other
}

export async function planLanguage(
  deps: Pick<AppDeps, "env" | "engine">,
  db: Db,
  companyId: string,
  parsed: Pick<ReadFile, "units">,
  code: string,
  shared: SharedInput,
  previous: { translations: Map<string, Translation>; sources: Record<string, string> } | null,
): Promise<LanguagePlan> {
  const kept = new Map<string, Translation>()
  const units: TextUnit[] = []
  const segments = new Map<TextUnit, Segment[]>()
  const sourceHashes = new Map<string, string>()
  const warnings: FileWarning[] = []
  const requests = new Map<string, BatchItem>()
  const turn = eventLoopTurns()
  for (const unit of parsed.units) {
    await turn()
    const hash = sourceHash(unit)
    sourceHashes.set(unit.key, hash)
    const before = previous?.translations.get(unit.key)
    if (previous && keeps(unit, before, previous.sources[unit.key], hash)) {
      const own = unit.plural ? { plural: before!.plural! } : { text: before!.text! }
      kept.set(unit.key, { ...kept.get(unit.key), ...own })
      const problems = checkTranslation(unit, own, code)
      if (problems.length)
        warnings.push({
          key: unit.key,
          code: "placeholders",
          message: `Kept as it was in the previous file, though ${problems[0]!.message}.`,
        })
      continue
    }
    units.push(unit)
    const own = unitSegments(unit, code)
    segments.set(unit, own)
    for (const segment of own) {
      const request = requestOf(segment)
      requests.set(requestKey(request), request)
    }
  }
  const { settingsHash, hashOf } = segmentHasher(shared, deps.engine.name)
  const hashes = new Map([...requests].map(([key, request]) => [key, hashOf(request)]))
  const remembered = await recallMany(db, companyId, settingsHash, [...new Set(hashes.values())])
  const known = new Map<string, string>()
  const fresh: FreshRequest[] = []
  for (const [key, hash] of hashes) {
    const answer = remembered.get(hash)
    if (answer !== undefined) known.set(key, answer)
    else fresh.push({ ...requests.get(key)!, key, hash })
  }
  const cost = fresh.reduce(
    (sum, { text }) => sum + culturalizeCost(text, deps.env.CREDITS_PER_100_CHARS),
    0,
  )
  return {
    code,
    shared,
    settingsHash,
    kept,
    units,
    segments,
    known,
    fresh,
    cost,
    sourceHashes,
    warnings,
  }
}

export type LanguageOutcome = {
  settingsHash: string
  translations: Map<string, Translation>
  /** Fresh texts whose translation shipped: remembered for free repeats, and charged. */
  remember: { hash: string; text: string }[]
  cost: number
  /** Characters sent to the engine (the operation's detail). */
  characters: number
  texts: { request: string; result: string }[]
  warnings: FileWarning[]
  /** Keys whose translation came wholly from memory or the previous output. */
  fromMemory: number
  translated: number
  /** {key: source hash} of every key that has a translation now. */
  sources: Record<string, string>
}

/**
 * Runs a plan: fresh texts through the engine (its batch path when it has one), every unit put
 * back together and checked (checkTranslation). A unit that comes back broken is asked once more;
 * broken again, it is left in the source language with a warning naming its key. Engine failures
 * throw (nothing is charged for the language).
 */
export async function runPlan(
  deps: Pick<AppDeps, "env" | "engine" | "logger">,
  plan: LanguagePlan,
  signal?: AbortSignal,
  onProgress?: (done: number, total: number) => void,
): Promise<LanguageOutcome> {
  const { code } = plan
  const answers = new Map(plan.known)
  const results = await translateTexts(deps, plan.shared, plan.fresh, signal, onProgress)
  plan.fresh.forEach(({ key }, i) => answers.set(key, results[i]!))

  const translations = new Map<string, Translation>(plan.kept)
  const warnings = [...plan.warnings]
  const segmentsOf = (unit: TextUnit) => plan.segments.get(unit) ?? []
  const keyOf = (segment: Segment) => requestKey(requestOf(segment))
  const put = (unit: TextUnit, translation: Translation) =>
    translations.set(unit.key, { ...translations.get(unit.key), ...translation })
  const assemble = (unit: TextUnit, from: ReadonlyMap<string, string>) => {
    const byId = new Map<string, string>()
    for (const segment of segmentsOf(unit)) {
      const answer = from.get(keyOf(segment))
      if (answer !== undefined) byId.set(segment.id, answer)
    }
    const assembled = assembleTranslation(unit, code, byId)
    if ("error" in assembled) return { problem: assembled.error }
    const problems = checkTranslation(unit, assembled.translation, code)
    return problems.length
      ? { problem: problems.map((p) => p.message).join("; ") }
      : { translation: assembled.translation }
  }

  const broken: TextUnit[] = []
  const turn = eventLoopTurns()
  for (const unit of plan.units) {
    await turn()
    const result = assemble(unit, answers)
    if (result.translation) put(unit, result.translation)
    else broken.push(unit)
  }
  const failed = new Set<TextUnit>()
  if (broken.length) {
    // Asked once more: every request of the broken units, fresh from the engine.
    const again = new Map<string, BatchItem>()
    for (const unit of broken)
      for (const segment of segmentsOf(unit)) again.set(keyOf(segment), requestOf(segment))
    const retried = await translateTexts(deps, plan.shared, [...again.values()], signal)
    const second = new Map(answers)
    let i = 0
    for (const key of again.keys()) second.set(key, retried[i++]!)
    for (const unit of broken) {
      await turn()
      const result = assemble(unit, second)
      if (result.translation) {
        put(unit, result.translation)
        for (const segment of segmentsOf(unit))
          answers.set(keyOf(segment), second.get(keyOf(segment))!)
        continue
      }
      failed.add(unit)
      deps.logger.warn(
        { key: unit.key, problem: result.problem },
        "files: a string came back broken twice",
      )
      warnings.push({
        key: unit.key,
        code: "kept_source",
        message: `Left in the source language: the translation came back broken twice (${result.problem}).`,
      })
    }
  }

  // Charged and remembered: the fresh requests some shipped (checked) unit uses.
  const used = new Set<string>()
  let fromMemory = 0
  let translated = 0
  const freshKeys = new Set(plan.fresh.map((f) => f.key))
  for (const unit of plan.units) {
    if (failed.has(unit)) continue
    let anyFresh = false
    for (const segment of segmentsOf(unit))
      if (freshKeys.has(keyOf(segment))) {
        used.add(keyOf(segment))
        anyFresh = true
      }
    if (anyFresh) translated++
    else fromMemory++
  }
  fromMemory += plan.kept.size
  const remember: { hash: string; text: string }[] = []
  const texts: { request: string; result: string }[] = []
  let cost = 0
  let characters = 0
  for (const { text, key, hash } of plan.fresh) {
    if (!used.has(key)) continue
    const result = answers.get(key)!
    texts.push({ request: text, result })
    cost += culturalizeCost(text, deps.env.CREDITS_PER_100_CHARS)
    characters += [...text].length
    remember.push({ hash, text: result })
  }
  const sources: Record<string, string> = {}
  const failedKeys = new Set([...failed].map((unit) => unit.key))
  for (const [key, hash] of plan.sourceHashes) if (!failedKeys.has(key)) sources[key] = hash
  return {
    settingsHash: plan.settingsHash,
    translations,
    remember,
    cost,
    characters,
    texts,
    warnings,
    fromMemory,
    translated,
    sources,
  }
}

/**
 * Requests in order through the engine: its batch path in chunks (each note with its text), else a
 * few calls at once (each note after the file's context).
 */
async function translateTexts(
  deps: Pick<AppDeps, "env" | "engine" | "logger">,
  shared: SharedInput,
  texts: BatchItem[],
  signal?: AbortSignal,
  onProgress?: (done: number, total: number) => void,
): Promise<string[]> {
  if (texts.length === 0) return []
  const { engine } = deps
  const out: string[] = []
  for (let at = 0; at < texts.length; at += ENGINE_CHUNK) {
    const chunk = texts.slice(at, at + ENGINE_CHUNK)
    const results = engine.culturalizeBatch
      ? await withEngineErrors(deps as AppDeps, () =>
          engine.culturalizeBatch!(
            shared,
            chunk.map(({ text, note }) => (note === undefined ? text : { text, note })),
            signal,
          ),
        )
      : await mapBounded(chunk, CONCURRENCY, ({ text, note }) =>
          runEngine(
            deps as AppDeps,
            { ...shared, text, context: contextWithNote(shared.context, note) },
            signal,
          ),
        )
    for (const result of results) out.push(result.text)
    onProgress?.(out.length, texts.length)
  }
  return out
}
