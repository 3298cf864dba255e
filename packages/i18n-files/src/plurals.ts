import type { PluralCategory, PluralForms } from "./types"
import { PLURAL_CATEGORIES } from "./types"

export type PluralType = "cardinal" | "ordinal"

/**
 * The CLDR plural categories a language uses, in CLDR order (`ja` → other; `ru` → one, few, many,
 * other; `ar` → zero … other), as the runtime's `Intl.PluralRules` knows them. Codes may be written
 * with `_` (`pt_BR`) as several file formats do.
 */
export function pluralCategories(
  language: string,
  type: PluralType = "cardinal",
): PluralCategory[] {
  const rules = new Intl.PluralRules(language.replaceAll("_", "-"), { type })
  const used = new Set<string>(rules.resolvedOptions().pluralCategories)
  return PLURAL_CATEGORIES.filter((category) => used.has(category))
}

export function isPluralCategory(value: string): value is PluralCategory {
  return (PLURAL_CATEGORIES as readonly string[]).includes(value)
}

/** The source's forms spread over the target's categories (each from its category, else `other`). */
export function pluralFormsFor(
  source: PluralForms,
  language: string,
  type: PluralType = "cardinal",
): PluralForms {
  const forms: PluralForms = { other: source.other }
  for (const category of pluralCategories(language, type))
    forms[category] = source[category] ?? source.other
  return forms
}

/**
 * The plural forms a unit is written with in `language`: the language's categories, plus `zero`
 * where the format uses it for 0 in every language and the source has it.
 */
export function unitPluralCategories(
  unit: {
    plural?: Partial<Record<PluralCategory, string>>
    pluralType?: PluralType
    keepsZero?: boolean
  },
  language: string,
): PluralCategory[] {
  const categories = pluralCategories(language, unit.pluralType ?? "cardinal")
  if (unit.keepsZero && unit.plural?.zero !== undefined && !categories.includes("zero"))
    return ["zero", ...categories]
  return categories
}

/** Numbers tried, in order, for a category's examples: counts first, then round and decimal ones. */
const EXAMPLE_CANDIDATES: readonly (readonly number[])[] = [
  Array.from({ length: 201 }, (_, n) => n),
  // French, Spanish, Italian… `many` holds only whole millions
  [1_000, 10_000, 100_000, 1_000_000, 2_000_000, 10_000_000],
  // Russian `other`, Czech `many`: only fractions
  [0.5, 1.5, 2.5, 0.1, 1.1, 2.1],
]

/** Examples found, by language, category, type and count. */
const EXAMPLES = new Map<string, number[]>()

/**
 * The first few numbers `language` puts in `category` (Russian `few` → 2, 3, 4, 22), from
 * `Intl.PluralRules`: whole numbers up to 200, else round numbers, else decimals.
 */
export function pluralExamples(
  language: string,
  category: PluralCategory,
  type: PluralType = "cardinal",
  count = 4,
): number[] {
  // every plural unit of a file asks again, for the same few languages and categories
  const key = `${language}|${category}|${type}|${count}`
  let examples = EXAMPLES.get(key)
  if (!examples) {
    const rules = new Intl.PluralRules(language.replaceAll("_", "-"), { type })
    const select = (n: number) => rules.select(n) === category
    examples =
      EXAMPLE_CANDIDATES.map((c) => c.filter(select).slice(0, count)).find(
        (found) => found.length,
      ) ?? []
    EXAMPLES.set(key, examples)
  }
  return [...examples]
}

const LANGUAGE_NAMES = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" })

function languageName(language: string): string {
  try {
    return LANGUAGE_NAMES.of(language.replaceAll("_", "-")) ?? language
  } catch {
    return language
  }
}

/**
 * What an engine is told when it writes a plural form the source has no text for (it gets the
 * source's `other` text): which form of the target language, and the numbers that select it, so
 * Russian `few` ("2 файла") and `many` ("5 файлов") are written as such and not alike. `argument`
 * names the ICU argument the form belongs to, where a message has one.
 */
export function pluralFormNote(
  category: PluralCategory,
  language: string,
  type: PluralType = "cardinal",
  argument?: string,
): string {
  const examples = pluralExamples(language, category, type).join(", ")
  const of = argument === undefined ? "" : ` of {${argument}}`
  const name = languageName(language)
  return type === "ordinal"
    ? `Ordinal form '${category}' of ${name}${of}, used for positions like ${examples}: write the text as it reads for such a position.`
    : `Plural form '${category}' of ${name}${of}, used for counts like ${examples}: write the text as it reads for such a count.`
}
