import { countCharacters } from "@nativ/contracts"

import { EngineAbortedError, EngineLengthError, EngineOutputError } from "../errors"
import { applyCase, compileGlossary } from "../glossary"
import type { CulturalizeEngine, CulturalizeInput, CulturalizeResult } from "../types"
import { checkOutput } from "../verify"
import { type Culture, resolveCulture } from "./cultures"
import { adaptDates, adaptTimes } from "./dates"
import { adaptCurrency, adaptNumbers, adaptPercent } from "./numbers"
import { joinPieces, type Piece, splitProtected } from "./pieces"
import { adaptFrenchSpacing, adaptQuotes } from "./typography"
import { adaptUnits } from "./units"

const NOT_TRANSLATED =
  "The words were kept as written: this Nativ server runs without a translation model. To have the words translated too, ask whoever runs it to connect one."

/**
 * The embedded engine, needing no model: applies the glossary and the target culture's written
 * conventions, and says so in its note. It never guesses at translating words, so it cannot
 * shorten a text to fit max_characters, honour a formality or translate back; its rationale lists
 * the conventions it applied.
 */
export function createOfflineEngine(): CulturalizeEngine {
  return {
    name: "offline",
    async culturalize(input, signal) {
      if (signal?.aborted) throw new EngineAbortedError("The request was cancelled.")
      return culturalizeOffline(input)
    },
  }
}

export function culturalizeOffline(input: CulturalizeInput): CulturalizeResult {
  const culture = resolveCulture(input.languageCode, input.language)
  const glossary = compileGlossary(input.glossary)
  const locale = culture?.locale

  const glossed = applyGlossary(splitProtected(input.text), glossary, locale)
  const glossaryUsed = glossed.replaced > 0
  let pieces = glossed.pieces
  let applied: string[] = []
  if (culture && !culture.sourceConventions)
    ({ pieces, applied } = adaptConventions(pieces, culture))
  const text = joinPieces(pieces)

  const check = checkOutput(input.text, text, glossary, locale)
  if (check.broken.length)
    throw new EngineOutputError(
      "The offline engine damaged protected parts of the text; please report this.",
      check.broken,
    )
  const length = countCharacters(text)
  if (input.maxCharacters && length > input.maxCharacters)
    throw new EngineLengthError(length, input.maxCharacters)
  const notes = [offlineNote(culture, input, glossaryUsed)]
  if (input.want?.backtranslation)
    notes.push("Back-translation is unavailable with the offline engine.")
  return {
    text,
    note: notes.join(" "),
    ...(input.want?.rationale
      ? { rationale: offlineRationale(culture, input, applied, glossed.replaced) }
      : {}),
    ...(input.want?.backtranslation ? { backtranslation: null } : {}),
  }
}

function offlineRationale(
  culture: Culture | null,
  input: CulturalizeInput,
  applied: string[],
  glossaryTerms: number,
) {
  const lines: string[] = []
  if (applied.length && culture)
    lines.push(`- Adapted to ${culture.name} (${culture.locale}) conventions: ${listOf(applied)}.`)
  else if (culture?.sourceConventions)
    lines.push(`- The text already follows ${culture.name} (${culture.locale}) conventions.`)
  else if (culture) lines.push(`- Nothing in the text needed ${culture.name} conventions.`)
  else
    lines.push(
      `- No formatting conventions are known for ${input.language} (${input.languageCode}).`,
    )
  if (glossaryTerms)
    lines.push(
      `- Used the glossary's terms ${glossaryTerms === 1 ? "once" : `${glossaryTerms} times`}.`,
    )
  if (input.formality || input.context || input.style)
    lines.push("- Tone, context and style guidance need a model provider; the wording was kept.")
  lines.push(`- ${NOT_TRANSLATED}`)
  return lines.join("\n")
}

function listOf(items: string[]) {
  return items.length < 2
    ? items.join("")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`
}

function applyGlossary(
  pieces: Piece[],
  glossary: ReturnType<typeof compileGlossary>,
  locale: string | undefined,
): { pieces: Piece[]; replaced: number } {
  const out: Piece[] = []
  let replaced = 0
  for (const piece of pieces) {
    if (piece.fixed) {
      out.push(piece)
      continue
    }
    let at = 0
    for (const match of glossary.matches(piece.text)) {
      if (match.start > at) out.push({ text: piece.text.slice(at, match.start), fixed: false })
      out.push({ text: applyCase(match.text, match.entry, locale), fixed: true })
      replaced++
      at = match.end
    }
    if (at < piece.text.length) out.push({ text: piece.text.slice(at), fixed: false })
  }
  return { pieces: out, replaced }
}

/** Order matters: each pass fixes what it produced, so later passes cannot reformat it. */
const PASSES: [name: string, pass: (pieces: Piece[], culture: Culture) => Piece[]][] = [
  ["dates", adaptDates],
  ["times", adaptTimes],
  ["units of measurement", adaptUnits],
  ["currency", adaptCurrency],
  ["percentages", adaptPercent],
  ["numbers", adaptNumbers],
  ["quotation marks", adaptQuotes],
  ["spacing before punctuation", adaptFrenchSpacing],
]

/** The adapted pieces and the names of the passes that changed something. */
function adaptConventions(pieces: Piece[], culture: Culture) {
  const applied: string[] = []
  for (const [name, pass] of PASSES) {
    const before = joinPieces(pieces)
    pieces = pass(pieces, culture)
    if (joinPieces(pieces) !== before) applied.push(name)
  }
  return { pieces, applied }
}

function offlineNote(culture: Culture | null, input: CulturalizeInput, glossaryUsed: boolean) {
  const glossary = glossaryUsed ? "the glossary and " : ""
  if (!culture) {
    const what = glossaryUsed ? "only the glossary was applied" : "the text was returned unchanged"
    return `Offline engine: no formatting conventions are known for ${input.language} (${input.languageCode}), so ${what}. ${NOT_TRANSLATED}`
  }
  if (culture.sourceConventions)
    return `Offline engine: ${glossaryUsed ? "applied the glossary; " : ""}the text already follows ${culture.name} (${culture.locale}) conventions. ${NOT_TRANSLATED}`
  return `Offline engine: applied ${glossary}${culture.name} (${culture.locale}) conventions for numbers, dates, currency, units and quotation marks. ${NOT_TRANSLATED}`
}
