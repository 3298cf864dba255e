import type { Culture } from "./cultures"
import { type Piece, replaceFree } from "./pieces"

/**
 * Numbers as US English writes them: "1,234,567.89", "3.5", "1,000". A run of digits with a comma
 * that is not a thousands group ("1,5", "1234,567") is not one: it may already be localised.
 */
export const US_NUMBER = String.raw`(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`
/** Not inside a longer token: a version "1.2.3", an IP address, a word "v1.2", "10:30". */
const BEFORE = String.raw`(?<![\p{L}\p{N}_.,:/])`
const AFTER = String.raw`(?![\p{N}_]|[.,:/]\p{N})`

export type UsNumber = { value: string; fractionDigits: number; grouped: boolean }

export function parseUsNumber(text: string): UsNumber {
  const value = text.replace(/,/g, "")
  const fraction = value.split(".")[1] ?? ""
  return { value, fractionDigits: fraction.length, grouped: text.includes(",") }
}

// Building an Intl.NumberFormat costs tens of microseconds, far more than formatting with one;
// a text's numbers, and the next request's, use the same few locales and options.
const formats = new Map<string, Intl.NumberFormat>()
const MAX_FORMATS = 1_000

/** One shared Intl.NumberFormat per locale and options (negative numbers only get a sign). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions) {
  const key = `${locale} ${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    if (formats.size >= MAX_FORMATS) formats.clear()
    format = new Intl.NumberFormat(locale, { signDisplay: "negative", ...options })
    formats.set(key, format)
  }
  return format
}

/** Intl formats decimal strings exactly (no float rounding), with the locale's separators. */
export function formatNumber(
  culture: Culture,
  value: string | number,
  options: Intl.NumberFormatOptions,
): string {
  return numberFormat(culture.locale, options).format(value as number)
}

const exactly = (n: UsNumber): Intl.NumberFormatOptions => ({
  minimumFractionDigits: n.fractionDigits,
  maximumFractionDigits: n.fractionDigits,
})

const CURRENCIES: Record<string, string> = {
  $: "USD",
  US$: "USD",
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
}
const SYMBOL = String.raw`(US\$|\$|€|£|¥)`
const MAGNITUDE = String.raw`\s?(?:k|K|m|M|bn|B|mn|million|billion|trillion|thousand)(?![\p{L}\p{N}])`

/** "$1,299.99" → "1.299,99 $" (de): the amount in the culture's format, the symbol where it goes. */
export function adaptCurrency(pieces: Piece[], culture: Culture): Piece[] {
  // "$1.5 million" cannot be rewritten without translating the word: leave it whole
  const withMagnitude = new RegExp(
    String.raw`(?<![\p{L}\p{N}])${SYMBOL}\s?${US_NUMBER}${MAGNITUDE}`,
    "gu",
  )
  const amount = new RegExp(
    String.raw`(?<![\p{L}\p{N}])([-−]?)${SYMBOL}\s?(${US_NUMBER})${AFTER}`,
    "gu",
  )
  pieces = replaceFree(pieces, withMagnitude, (m) => m[0])
  return replaceFree(pieces, amount, (m) => {
    const number = parseUsNumber(m[3]!)
    const value = (m[1] ? "-" : "") + number.value
    return formatNumber(culture, value, {
      style: "currency",
      currency: CURRENCIES[m[2]!]!,
      currencyDisplay: "narrowSymbol",
      ...exactly(number),
    })
  })
}

/** "12.5%" → "12,5 %" (de), "%12,5" (tr). */
export function adaptPercent(pieces: Piece[], culture: Culture): Piece[] {
  const pattern = new RegExp(String.raw`${BEFORE}(${US_NUMBER})\s?%(?![\p{L}\p{N}])`, "gu")
  return replaceFree(pieces, pattern, (m) => {
    const number = parseUsNumber(m[1]!)
    return formatNumber(culture, `${number.value}E-2`, {
      style: "percent",
      ...exactly(number),
      useGrouping: number.grouped ? "auto" : false,
    })
  })
}

/** Words after which a dotted number is an identifier, not a decimal ("version 2.0", "Section 3.1"). */
const IDENTIFIER_WORDS =
  /(?:^|[^\p{L}])(?:v|ver|version|release|build|ios|android|macos|windows|python|node|java|php|chapter|section|§|step|figure|fig|table|article|art|rule)\.?\s*$/iu

/**
 * Decimals and grouped numbers: "3.5" → "3,5", "12,500" → "12.500" (de). Plain integers are left
 * alone (years, codes, counts read the same everywhere), and grouping is never added.
 */
export function adaptNumbers(pieces: Piece[], culture: Culture): Piece[] {
  const pattern = new RegExp(
    String.raw`${BEFORE}(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+)${AFTER}`,
    "gu",
  )
  return replaceFree(pieces, pattern, (m) => {
    if (IDENTIFIER_WORDS.test(m.input.slice(Math.max(0, m.index - 20), m.index))) return m[0]
    const number = parseUsNumber(m[1]!)
    return formatNumber(culture, number.value, {
      ...exactly(number),
      useGrouping: number.grouped ? "auto" : false,
    })
  })
}
