import type { GlossaryEntry } from "./types"

/**
 * Finds glossary terms in a text: whole words only, case-insensitively, the longest term first
 * when terms overlap ("Pro Plan" before "Pro"), any run of whitespace matching the spaces inside a
 * term. Scripts written without spaces (Chinese, Japanese, Thai …) have no word boundaries, so a
 * term edge or a neighbouring character in such a script never blocks a match.
 */
export type GlossaryMatcher = {
  /** The entries in use: the first of case-insensitive duplicates wins, empty terms are dropped. */
  entries: GlossaryEntry[]
  /** Every match in `text`, left to right, without overlaps. */
  matches(text: string): GlossaryMatch[]
}

export type GlossaryMatch = { start: number; end: number; text: string; entry: GlossaryEntry }

const NO_SPACE_SCRIPTS = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}`
/** A letter, digit or joiner of a script that separates words with spaces. */
const WORD = new RegExp(String.raw`^[[\p{L}\p{N}\p{M}_]--[${NO_SPACE_SCRIPTS}]]$`, "v")
const isWordChar = (char: string | undefined) => char !== undefined && WORD.test(char)
const isSpace = (char: string) => /^\s$/u.test(char)

type Term = { entry: GlossaryEntry; boundedStart: boolean; boundedEnd: boolean }
type Node = { next: Map<string, Node>; term?: Term }

/**
 * A trie of the lower-cased terms, walked from each position of the text: linear in the text for
 * any glossary size (a 5,000-way regular expression alternation is not).
 */
export function compileGlossary(glossary: readonly GlossaryEntry[]): GlossaryMatcher {
  const root: Node = { next: new Map() }
  const entries: GlossaryEntry[] = []
  for (const raw of glossary) {
    const entry = { source: raw.source.trim(), target: raw.target.trim() }
    if (!entry.source || !entry.target) continue
    const chars = [...entry.source]
    let node = root
    for (const key of keys(chars)) {
      let child = node.next.get(key)
      if (!child) node.next.set(key, (child = { next: new Map() }))
      node = child
    }
    if (node.term) continue
    node.term = {
      entry,
      boundedStart: isWordChar(chars[0]),
      boundedEnd: isWordChar(chars[chars.length - 1]),
    }
    entries.push(entry)
  }

  return {
    entries,
    matches(text) {
      const found: GlossaryMatch[] = []
      if (!entries.length) return found
      let i = 0
      while (i < text.length) {
        const match = longestAt(root, text, i)
        if (match) {
          found.push({
            start: i,
            end: match.end,
            text: text.slice(i, match.end),
            entry: match.entry,
          })
          i = match.end
        } else i += String.fromCodePoint(text.codePointAt(i)!).length
      }
      return found
    },
  }
}

/** Trie keys: one per code point, lower-cased; a run of whitespace is a single " ". */
function charBefore(text: string, index: number): string | undefined {
  if (index === 0) return undefined
  const low = text.charCodeAt(index - 1)
  const pair = low >= 0xdc00 && low <= 0xdfff && index >= 2
  return text.slice(pair ? index - 2 : index - 1, index)
}

function keys(chars: string[]): string[] {
  const out: string[] = []
  for (const char of chars) {
    if (isSpace(char)) {
      if (out[out.length - 1] !== " ") out.push(" ")
    } else out.push(char.toLowerCase())
  }
  return out
}

function longestAt(root: Node, text: string, start: number) {
  const previousIsWord = isWordChar(charBefore(text, start))
  let best: { end: number; entry: GlossaryEntry } | undefined
  let node: Node | undefined = root
  let i = start
  while (node && i < text.length) {
    const char = String.fromCodePoint(text.codePointAt(i)!)
    if (isSpace(char)) {
      node = node.next.get(" ")
      i += char.length
      while (i < text.length && isSpace(text[i]!)) i++
    } else {
      node = node.next.get(char.toLowerCase())
      i += char.length
    }
    const term = node?.term
    if (!term) continue
    if (term.boundedStart && previousIsWord) continue
    const next = i < text.length ? String.fromCodePoint(text.codePointAt(i)!) : undefined
    if (term.boundedEnd && isWordChar(next)) continue
    best = { end: i, entry: term.entry }
  }
  return best
}

/** The entries whose source occurs in `text` (what a model must apply, and what is checked). */
export function glossaryHits(matcher: GlossaryMatcher, text: string): GlossaryEntry[] {
  return [...new Set(matcher.matches(text).map((m) => m.entry))]
}

/**
 * The target written the way the source was: "Sign in" → "Anmelden" gives "ANMELDEN" for "SIGN IN",
 * "anmelden" for "sign in" and "Anmelden" for "Sign in". A target with deliberate inner capitals
 * ("iPhone", "GitHub", "PDF") keeps them unless the match is in capitals.
 */
export function applyCase(matched: string, entry: GlossaryEntry, locale?: string): string {
  const { source, target } = entry
  if (matched === source) return target
  const letters = matched.replace(/[^\p{L}]/gu, "")
  if (!letters) return target
  const upper = letters.toLocaleUpperCase(locale)
  const lower = letters.toLocaleLowerCase(locale)
  if (upper === lower) return target
  if (letters === upper && [...letters].length > 1) return target.toLocaleUpperCase(locale)
  if (hasDeliberateCapitals(target)) return target
  if (letters === lower) return target.toLocaleLowerCase(locale)
  const first = letters[0]!
  const isTitle = first === first.toLocaleUpperCase(locale) && letters.slice(1) === lower.slice(1)
  if (isTitle) return capitalize(target, locale)
  return target
}

function hasDeliberateCapitals(text: string) {
  const letters = text.replace(/[^\p{L}]/gu, "")
  return /\p{Ll}\p{Lu}/u.test(text) || ([...letters].length > 1 && /^\p{Lu}+$/u.test(letters))
}

function capitalize(text: string, locale?: string) {
  const first = String.fromCodePoint(text.codePointAt(0)!)
  return first.toLocaleUpperCase(locale) + text.slice(first.length)
}
