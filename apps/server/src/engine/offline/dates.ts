import type { Culture } from "./cultures"
import { type Piece, replaceFree } from "./pieces"

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
]
const SHORT: Record<string, number> = {
  Jan: 1,
  Feb: 2,
  Mar: 3,
  Apr: 4,
  Jun: 6,
  Jul: 7,
  Aug: 8,
  Sep: 9,
  Sept: 9,
  Oct: 10,
  Nov: 11,
  Dec: 12,
}
const MONTH = `(${[...MONTHS, ...Object.keys(SHORT).sort((a, b) => b.length - a.length)].join("|")})(\\.?)`

function monthNumber(name: string) {
  const full = MONTHS.indexOf(name)
  return full >= 0 ? full + 1 : SHORT[name]!
}

function isValid(year: number, month: number, day: number) {
  if (month < 1 || month > 12 || day < 1) return false
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function format(culture: Culture, date: Date, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(culture.locale, { timeZone: "UTC", ...options }).format(date)
}

/**
 * US dates in the culture's order and style: "12/31/2025" → "31.12.2025" (de), "2025/12/31" (ja);
 * "December 31, 2025" → "31. Dezember 2025" (month names come from Intl, not from guessing).
 */
export function adaptDates(pieces: Piece[], culture: Culture): Piece[] {
  const numeric = /(?<![\p{L}\p{N}/.-])(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?![\p{N}/])/gu
  pieces = replaceFree(pieces, numeric, (m) => {
    const month = Number(m[1])
    const day = Number(m[2])
    const twoDigitYear = m[3]!.length === 2
    const year = twoDigitYear ? 2000 + Number(m[3]) : Number(m[3])
    if (!isValid(year, month, day)) return undefined
    return format(culture, new Date(Date.UTC(year, month - 1, day)), {
      year: twoDigitYear ? "2-digit" : "numeric",
      month: "2-digit",
      day: "2-digit",
    })
  })

  const named = new RegExp(
    String.raw`(?<![\p{L}\p{N}])${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?(?![\p{L}\p{N}])`,
    "gu",
  )
  pieces = replaceFree(pieces, named, (m) => {
    const month = monthNumber(m[1]!)
    const day = Number(m[3])
    const year = m[4] ? Number(m[4]) : 2000 // a leap year, so "February 29" stands
    if (!isValid(year, month, day)) return undefined
    return format(culture, new Date(Date.UTC(year, month - 1, day)), {
      day: "numeric",
      month: MONTHS.includes(m[1]!) ? "long" : "short",
      ...(m[4] ? { year: "numeric" } : {}),
    })
  })

  const monthYear = new RegExp(
    String.raw`(?<![\p{L}\p{N}])${MONTH}\s+(\d{4})(?![\p{L}\p{N}])`,
    "gu",
  )
  return replaceFree(pieces, monthYear, (m) =>
    format(culture, new Date(Date.UTC(Number(m[3]), monthNumber(m[1]!) - 1, 1)), {
      month: MONTHS.includes(m[1]!) ? "long" : "short",
      year: "numeric",
    }),
  )
}

/** "3:30 PM" → "15:30" where the culture uses a 24-hour clock. */
export function adaptTimes(pieces: Piece[], culture: Culture): Piece[] {
  if (!culture.clock24) return pieces
  const pattern =
    /(?<![\p{L}\p{N}:.])(\d{1,2})(?::([0-5]\d))?\s?(AM|PM|am|pm|a\.m\.|p\.m\.|A\.M\.|P\.M\.)(?![\p{L}\p{N}])/gu
  return replaceFree(pieces, pattern, (m) => {
    const hour = Number(m[1])
    if (hour < 1 || hour > 12) return undefined
    const pm = m[3]!.toLowerCase().startsWith("p")
    const date = new Date(Date.UTC(2000, 0, 1, (hour % 12) + (pm ? 12 : 0), Number(m[2] ?? 0)))
    const time = format(culture, date, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    // "at 5 p.m. Then …": the abbreviation's period also ended the sentence
    const rest = m.input.slice(m.index + m[0].length)
    const endsSentence = rest.trim() === "" || /^\s+\p{Lu}/u.test(rest)
    return m[3]!.endsWith(".") && endsSentence ? `${time}.` : time
  })
}
