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
