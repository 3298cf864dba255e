import { EngineAbortedError, EngineOutputError } from "../errors"
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
  "The words themselves were not translated: full translation needs a model provider."

/**
 * The embedded engine, needing no model: applies the glossary and the target culture's written
 * conventions, and says so in its note. It never guesses at translating words.
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
  if (culture && !culture.sourceConventions) pieces = adaptConventions(pieces, culture)
  const text = joinPieces(pieces)

  const check = checkOutput(input.text, text, glossary, locale)
  if (check.broken.length)
    throw new EngineOutputError(
      "The offline engine damaged protected parts of the text; please report this.",
      check.broken,
    )
  return { text, note: offlineNote(culture, input, glossaryUsed) }
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
function adaptConventions(pieces: Piece[], culture: Culture): Piece[] {
  pieces = adaptDates(pieces, culture)
  pieces = adaptTimes(pieces, culture)
  pieces = adaptUnits(pieces, culture)
  pieces = adaptCurrency(pieces, culture)
  pieces = adaptPercent(pieces, culture)
  pieces = adaptNumbers(pieces, culture)
  pieces = adaptQuotes(pieces, culture)
  return adaptFrenchSpacing(pieces, culture)
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
