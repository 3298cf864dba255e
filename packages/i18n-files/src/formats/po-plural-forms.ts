/**
 * gettext's `Plural-Forms` per language, with the CLDR category each msgstr index holds. The
 * expressions are the ones GNU gettext and the major translation platforms use; the categories
 * are CLDR's for the integers each index covers (so Russian msgstr[2] is `many`, Czech's `other`).
 */
import { pluralCategories } from "../plurals"
import type { PluralCategory, PluralForms } from "../types"

export interface GettextPluralForms {
  nplurals: number
  /** The C expression after `plural=`. */
  plural: string
  /** The CLDR category of msgstr[i]. */
  categories: readonly PluralCategory[]
}

const ONE_FORM: GettextPluralForms = { nplurals: 1, plural: "0", categories: ["other"] }
const NOT_ONE: GettextPluralForms = {
  nplurals: 2,
  plural: "(n != 1)",
  categories: ["one", "other"],
}
const OVER_ONE: GettextPluralForms = {
  nplurals: 2,
  plural: "(n > 1)",
  categories: ["one", "other"],
}
const EAST_SLAVIC =
  "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"
const RU: GettextPluralForms = {
  nplurals: 3,
  plural: EAST_SLAVIC,
  categories: ["one", "few", "many"],
}
const BCS: GettextPluralForms = {
  nplurals: 3,
  plural: EAST_SLAVIC,
  categories: ["one", "few", "other"],
}
const CS: GettextPluralForms = {
  nplurals: 3,
  plural: "(n==1 ? 0 : n>=2 && n<=4 ? 1 : 2)",
  categories: ["one", "few", "other"],
}
const ICELANDIC: GettextPluralForms = {
  nplurals: 2,
  plural: "(n%10!=1 || n%100==11)",
  categories: ["one", "other"],
}

const BY_LANGUAGE: Record<string, GettextPluralForms> = {
  ...Object.fromEntries(
    ["ja", "zh", "ko", "id", "ms", "th", "vi", "km", "lo", "my"].map((l) => [l, ONE_FORM]),
  ),
  ...Object.fromEntries(
    [
      "en",
      "de",
      "es",
      "it",
      "nl",
      "sv",
      "da",
      "nb",
      "nn",
      "no",
      "fi",
      "el",
      "hu",
      "tr",
      "bg",
      "et",
      "eu",
      "ca",
      "gl",
      "af",
      "sq",
      "az",
      "ka",
      "kk",
      "ky",
      "mn",
      "ne",
      "sw",
      "ta",
      "te",
      "ur",
      "ml",
      "mr",
      "pt-PT",
      "uz",
      "ps",
      "so",
      "or",
      "pa",
    ].map((l) => [l, NOT_ONE]),
  ),
  // CLDR's `pt` is Brazilian Portuguese: 0 and 1 are both `one`
  ...Object.fromEntries(
    ["fr", "pt", "pt-BR", "hi", "fa", "bn", "gu", "kn", "am", "zu", "hy", "si", "fil", "tl"].map(
      (l) => [l, OVER_ONE],
    ),
  ),
  ru: RU,
  uk: RU,
  be: RU,
  pl: {
    nplurals: 3,
    plural: "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
    categories: ["one", "few", "many"],
  },
  cs: CS,
  sk: CS,
  hr: BCS,
  sr: BCS,
  bs: BCS,
  is: ICELANDIC,
  mk: ICELANDIC,
  ro: {
    nplurals: 3,
    plural: "(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2)",
    categories: ["one", "few", "other"],
  },
  lt: {
    nplurals: 3,
    plural: "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2)",
    categories: ["one", "few", "other"],
  },
  lv: {
    nplurals: 3,
    plural: "(n%10==0 || (n%100>=11 && n%100<=19) ? 0 : n%10==1 && n%100!=11 ? 1 : 2)",
    categories: ["zero", "one", "other"],
  },
  sl: {
    nplurals: 4,
    plural: "(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3)",
    categories: ["one", "two", "few", "other"],
  },
  he: {
    nplurals: 3,
    plural: "(n==1 ? 0 : n==2 ? 1 : 2)",
    categories: ["one", "two", "other"],
  },
  ga: {
    nplurals: 5,
    plural: "(n==1 ? 0 : n==2 ? 1 : n>=3 && n<=6 ? 2 : n>=7 && n<=10 ? 3 : 4)",
    categories: ["one", "two", "few", "many", "other"],
  },
  cy: {
    nplurals: 6,
    plural: "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n==3 ? 3 : n==6 ? 4 : 5)",
    categories: ["zero", "one", "two", "few", "many", "other"],
  },
  ar: {
    nplurals: 6,
    plural: "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)",
    categories: ["zero", "one", "two", "few", "many", "other"],
  },
}

/**
 * The plural forms for a BCS 47 or gettext locale (`pt-BR`, `pt_BR`, `sr-Latn`): the exact tag
 * first, then language + region, then the language. A language missing from the table gets one
 * or two forms as CLDR's integer rules say (`one` only for 1, or for 0 and 1).
 */
export function pluralFormsFor(locale: string): GettextPluralForms {
  const parts = locale.replace(/_/g, "-").split("-")
  const language = parts[0]!.toLowerCase()
  const region = parts.find((p, i) => i > 0 && /^[a-z]{2}$/i.test(p))?.toUpperCase()
  const known =
    (region && BY_LANGUAGE[`${language}-${region}`]) || BY_LANGUAGE[language] || undefined
  if (known) return known
  let rules: Intl.PluralRules
  try {
    rules = new Intl.PluralRules(language)
  } catch {
    return NOT_ONE
  }
  const categories = rules.resolvedOptions().pluralCategories
  if (categories.length === 1) return ONE_FORM
  return rules.select(0) === "one" ? OVER_ONE : NOT_ONE
}

/** The header value: `nplurals=3; plural=(…);`. */
export function pluralFormsHeader(forms: GettextPluralForms): string {
  return `nplurals=${forms.nplurals}; plural=${forms.plural};`
}

/**
 * A PO translation's plural forms as CLDR names them for `locale`: gettext folds some CLDR
 * categories into another msgstr (French has two, one and other, where CLDR adds many; Russian's
 * many also serves CLDR's other), so each category the language's Plural-Forms has no index for is
 * the catch-all's (`other`). A category it has an index for stays as it is (missing, if it is).
 */
export function withFoldedForms(forms: PluralForms, locale: string): PluralForms {
  const held = pluralFormsFor(locale).categories
  const complete: PluralForms = { ...forms }
  for (const category of pluralCategories(locale))
    if (!held.includes(category) && complete[category] === undefined)
      complete[category] = forms.other
  return complete
}
