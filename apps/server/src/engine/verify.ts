import type { GlossaryMatcher } from "./glossary"
import { glossaryHits } from "./glossary"
import { findProtectedTokens } from "./protected-tokens"
import type { GlossaryEntry } from "./types"

export type OutputCheck = {
  /** Placeholders, tags, links or addresses that were lost, altered or invented. */
  broken: string[]
  /** Glossary entries found in the source whose target does not appear in the output. */
  missingTerms: GlossaryEntry[]
}

/**
 * Compares an engine's output with its source. Placeholders and tags must come back exactly as
 * often as they were sent (a translation may reorder them), links and addresses must all survive,
 * and the target of every glossary term used in the source must appear (case-insensitively, so an
 * inflected or capitalised form still counts when it contains the target).
 */
export function checkOutput(
  source: string,
  output: string,
  glossary: GlossaryMatcher,
  locale?: string,
): OutputCheck {
  const sent = tally(source)
  const received = tally(output)
  const broken: string[] = []
  for (const [token, { kind, count }] of sent) {
    const got = received.get(token)?.count ?? 0
    if (got < count) broken.push(`${describe(kind)} ${token} is missing`)
    else if (got > count && (kind === "placeholder" || kind === "tag"))
      broken.push(`${describe(kind)} ${token} appears ${got} times instead of ${count}`)
  }
  for (const [token, { kind }] of received)
    if (!sent.has(token) && (kind === "placeholder" || kind === "tag"))
      broken.push(`unexpected ${describe(kind)} ${token}`)

  const haystack = output.toLocaleLowerCase(locale)
  const missingTerms = glossaryHits(glossary, source).filter(
    (entry) => !haystack.includes(entry.target.toLocaleLowerCase(locale)),
  )
  return { broken, missingTerms }
}

function tally(text: string) {
  const counts = new Map<string, { kind: string; count: number }>()
  for (const { kind, text: token } of findProtectedTokens(text)) {
    const seen = counts.get(token)
    if (seen) seen.count++
    else counts.set(token, { kind, count: 1 })
  }
  return counts
}

function describe(kind: string) {
  return kind === "placeholder"
    ? "placeholder"
    : kind === "tag"
      ? "tag"
      : kind === "url"
        ? "link"
        : kind
}
