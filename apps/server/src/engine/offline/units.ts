import type { Culture } from "./cultures"
import { formatNumber, numberFormat, parseUsNumber, US_NUMBER } from "./numbers"
import { type Piece, replaceFree } from "./pieces"

type Target = { unit: string; factor: number }

type Rule = {
  /** The US unit as written after the number. */
  pattern: string
  /** Converts the US value to the first target unit. */
  convert: (value: number) => number
  /** The metric unit, with a smaller and a larger one to switch to for readability. */
  unit: string
  smaller?: Target & { below: number }
  larger?: Target & { from: number }
  /** British usage keeps miles, feet and inches. */
  keptInUk?: boolean
  temperature?: boolean
}

const linear = (factor: number) => (value: number) => value * factor

/** Longer spellings first ("miles per hour" before "miles", "fl oz" before "oz"). */
const RULES: Rule[] = [
  {
    pattern: String.raw`mph|MPH|miles per hour|miles an hour`,
    convert: linear(1.609344),
    unit: "kilometer-per-hour",
    keptInUk: true,
  },
  {
    pattern: String.raw`[Mm]iles?|mi`,
    convert: linear(1.609344),
    unit: "kilometer",
    keptInUk: true,
  },
  {
    pattern: String.raw`[Ff]eet|[Ff]oot|ft`,
    convert: linear(0.3048),
    unit: "meter",
    smaller: { unit: "centimeter", factor: 100, below: 1 },
    keptInUk: true,
  },
  {
    pattern: String.raw`[Ii]nch(?:es)?`,
    convert: linear(2.54),
    unit: "centimeter",
    larger: { unit: "meter", factor: 0.01, from: 100 },
    keptInUk: true,
  },
  {
    pattern: String.raw`fl\.?\s?oz|[Ff]luid [Oo]unces?`,
    convert: linear(29.5735295625),
    unit: "milliliter",
    larger: { unit: "liter", factor: 0.001, from: 1000 },
  },
  {
    pattern: String.raw`[Pp]ounds?(?!\s+sterling)|lbs?`,
    convert: linear(0.45359237),
    unit: "kilogram",
    smaller: { unit: "gram", factor: 1000, below: 1 },
  },
  {
    pattern: String.raw`[Oo]unces?|oz`,
    convert: linear(28.349523125),
    unit: "gram",
    larger: { unit: "kilogram", factor: 0.001, from: 1000 },
  },
  { pattern: String.raw`[Gg]allons?|gal`, convert: linear(3.785411784), unit: "liter" },
  {
    pattern: String.raw`°\s?F|℉|[Dd]egrees? Fahrenheit|[Dd]egrees? F`,
    convert: (f) => ((f - 32) * 5) / 9,
    unit: "celsius",
    temperature: true,
  },
]

const SIGNED = String.raw`([-−]?${US_NUMBER})`
const RANGE = String.raw`(?:\s?(?:-|–|to)\s?${SIGNED})?`

/**
 * US customary measurements → metric with converted values, for metric cultures: "5 miles" → "8 km",
 * "5-10 miles" → "8–16 km", "68°F" → "20 °C". Unit symbols come from Intl, so they are localised
 * ("8 км" in Russian).
 */
export function adaptUnits(pieces: Piece[], culture: Culture): Piece[] {
  if (culture.metric === "none") return pieces
  const rules = RULES.filter((rule) => culture.metric === "all" || !rule.keptInUk)
  const units = rules.map((rule) => `(${rule.pattern})`).join("|")
  const pattern = new RegExp(
    String.raw`(?<![\p{L}\p{N}_.,])${SIGNED}${RANGE}\s?(?:${units})(?![\p{L}\p{N}])`,
    "gu",
  )
  return replaceFree(pieces, pattern, (m) => {
    const index = m.slice(3).findIndex((group) => group !== undefined)
    const rule = rules[index]!
    const from = parseUsNumber(m[1]!.replace("−", "-"))
    const to = m[2] === undefined ? undefined : parseUsNumber(m[2].replace("−", "-"))
    return convert(culture, rule, from, to)
  })
}

function convert(
  culture: Culture,
  rule: Rule,
  from: ReturnType<typeof parseUsNumber>,
  to: ReturnType<typeof parseUsNumber> | undefined,
): string {
  const values = [from, to].filter((n) => n !== undefined).map((n) => rule.convert(Number(n.value)))
  const biggest = Math.max(...values.map(Math.abs))
  let unit = rule.unit
  let factor = 1
  if (rule.smaller && biggest < rule.smaller.below) ({ unit, factor } = rule.smaller)
  if (rule.larger && biggest >= rule.larger.from) ({ unit, factor } = rule.larger)
  const scaled = values.map((v) => v * factor)
  const precision = rule.temperature
    ? { maximumFractionDigits: Math.min(1, Math.max(from.fractionDigits, to?.fractionDigits ?? 0)) }
    : roughPrecision(Math.max(...scaled.map(Math.abs)))
  let options: Intl.NumberFormatOptions = {
    style: "unit",
    unit,
    unitDisplay: "short",
    ...precision,
  }
  // some locales abbreviate Celsius without the degree sign ("20 st. C"); the sign reads everywhere
  if (unit === "celsius" && !formatNumber(culture, 1, options).includes("°"))
    options = { ...options, unitDisplay: "narrow" }
  if (scaled.length === 2) {
    return numberFormat(culture.locale, options).formatRange(scaled[0]!, scaled[1]!)
  }
  return formatNumber(culture, scaled[0]!, options)
}

/** As precise as a converted everyday measurement needs: 8 km, 1.6 km, 0.45 kg. */
function roughPrecision(magnitude: number): Intl.NumberFormatOptions {
  if (magnitude >= 10) return { maximumFractionDigits: 0 }
  if (magnitude >= 1) return { maximumFractionDigits: 1 }
  return { maximumSignificantDigits: 2 }
}
