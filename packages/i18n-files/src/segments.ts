import type { MessageFormatElement } from "./icu"
import {
  escapeIcuLiteral,
  IcuType,
  parseIcu,
  printElements,
  tryParseIcu,
  withinNesting,
} from "./icu"
import type { PlaceholderMismatch } from "./placeholders"
import {
  comparePlaceholders,
  describePlaceholderMismatch,
  findProtectedTokens,
  ICU_POUND_TOKEN,
} from "./placeholders"
import { isPluralCategory, pluralCategories, pluralFormNote, unitPluralCategories } from "./plurals"
import type { PluralCategory, PluralForms, TextUnit, Translation } from "./types"

/**
 * A piece of a unit that an engine translates as plain text: a whole plain string, one plural form,
 * or the text between the arguments of one ICU branch, with `#` and arguments written as
 * placeholders (`{#}`, `{name}`, `{n, number}`) that the engine keeps. Within a unit, identical
 * texts share one segment, except a plural form the source has no text for: written from the
 * source's `other`, it is a segment of its own that says which form it is (`form`).
 */
export interface Segment {
  id: string
  unitKey: string
  text: string
  /** The unit's note to translators. */
  note?: string
  /** The unit's disambiguating context. */
  context?: string
  /** Which plural form of the target this text is to be written as, and for which numbers. */
  form?: string
  maxLength?: number
}

/**
 * Everything the engine must know about one segment beyond the file's own context: the unit's
 * context and note to translators, and which plural form it is. Part of what the text is asked as
 * (two segments of one text with different notes are two requests).
 */
export function segmentNote(segment: Segment): string | undefined {
  const lines = [
    segment.context !== undefined && `Context: ${segment.context}`,
    segment.note !== undefined && `Note to translators: ${segment.note}`,
    segment.form,
  ].filter((line): line is string => typeof line === "string" && line.trim() !== "")
  return lines.length ? lines.join("\n") : undefined
}

export interface Violation {
  unitKey: string
  kind: "placeholder" | "icu" | "plural" | "empty"
  message: string
}

/** The segments of `unit` to translate into `targetLanguage`; none when nothing in it is words. */
export function unitSegments(unit: TextUnit, targetLanguage: string): Segment[] {
  return plan(unit, targetLanguage).segments
}

/**
 * Puts the translated segments (by segment id) back together into the unit's translation for
 * `targetLanguage`. An error (a segment missing, empty or with its placeholders changed, or an ICU
 * message that no longer reads) means the unit must be asked again or left in its source language.
 */
export function assembleTranslation(
  unit: TextUnit,
  targetLanguage: string,
  translated: ReadonlyMap<string, string>,
): { translation: Translation } | { error: string } {
  try {
    return { translation: plan(unit, targetLanguage).assemble(translated) }
  } catch (error) {
    if (error instanceof AssemblyError) return { error: error.message }
    throw error
  }
}

class AssemblyError extends Error {}

interface Plan {
  segments: Segment[]
  assemble(translated: ReadonlyMap<string, string>): Translation
}

function plan(unit: TextUnit, targetLanguage: string): Plan {
  const segments: Segment[] = []
  const ids = new Map<string, string>()
  const segmentFor = (text: string, form?: string): string => {
    const key = JSON.stringify([text, form ?? null])
    let id = ids.get(key)
    if (id === undefined) {
      id = `${ids.size}:${unit.key}`
      ids.set(key, id)
      segments.push({
        id,
        unitKey: unit.key,
        text,
        ...(unit.note !== undefined && { note: unit.note }),
        ...(unit.context !== undefined && { context: unit.context }),
        ...(form !== undefined && { form }),
        ...(unit.maxLength !== undefined && { maxLength: unit.maxLength }),
      })
    }
    return id
  }
  const translate = (
    text: string,
    translated: ReadonlyMap<string, string>,
    where = "",
    form?: string,
  ) => {
    if (!hasWords(text)) return text
    const result = translated.get(segmentFor(text, form))
    if (result === undefined) throw new AssemblyError(`${where}no translation was returned`)
    if (result.trim() === "") throw new AssemblyError(`${where}the translation is empty`)
    const broken = comparePlaceholders(text, result)
    if (broken.length > 0)
      throw new AssemblyError(where + broken.map(describePlaceholderMismatch).join("; "))
    return result
  }

  if (unit.plural) {
    const forms = unit.plural
    const categories = unitPluralCategories(unit, targetLanguage)
    // Where the target has forms the source lacks, its `other` changes meaning too (Russian other
    // is for fractions, 1,5 файла, while English other took 5 as well): it is noted like them.
    const lacking = categories.some((category) => forms[category] === undefined)
    const formOf = (category: PluralCategory) =>
      forms[category] === undefined || (category === "other" && lacking)
        ? pluralFormNote(category, targetLanguage, unit.pluralType ?? "cardinal")
        : undefined
    for (const category of categories) {
      const text = forms[category] ?? forms.other
      if (hasWords(text)) segmentFor(text, formOf(category))
    }
    return {
      segments,
      assemble(translated) {
        const plural = Object.fromEntries(
          categories.map((category) => [
            category,
            translate(
              forms[category] ?? forms.other,
              translated,
              `${category}: `,
              formOf(category),
            ),
          ]),
        ) as PluralForms
        return { plural }
      },
    }
  }

  const parsed = unit.icu ? tryParseIcu(unit.source) : null
  const message = parsed && withinNesting(parsed.ast) ? parsed : null
  if (!message) {
    if (hasWords(unit.source)) segmentFor(unit.source)
    return { segments, assemble: (translated) => ({ text: translate(unit.source, translated) }) }
  }

  // a run without words is written back through the same escaping as a translated one, so tags
  // and quotes read the same way in every branch
  const build = (translated: ReadonlyMap<string, string> | null) =>
    printTarget(message.ast, targetLanguage, (run, inPlural, form) => {
      const text = runText(run)
      const options = { inPlural, tags: message.tags }
      if (!hasWords(text)) return toIcu(text, run, options)
      if (!translated) {
        segmentFor(text, form)
        return ""
      }
      return toIcu(translate(text, translated, "", form), run, options)
    })
  build(null)
  return {
    segments,
    assemble(translated) {
      const text = build(translated)
      try {
        parseIcu(text, message.tags)
      } catch (error) {
        throw new AssemblyError(
          `the translated ICU message does not read: ${(error as Error).message}`,
        )
      }
      return { text }
    },
  }
}

/** Whether a text has anything to translate once its placeholders, tags and links are set aside. */
export function hasWords(text: string): boolean {
  let rest = ""
  let at = 0
  for (const token of findProtectedTokens(text)) {
    rest += text.slice(at, token.start)
    at = token.end
  }
  return /\p{L}/u.test(rest + text.slice(at))
}

/** Elements an engine can see as one plain text: everything but plural, select and tags around them. */
function isSimple(el: MessageFormatElement): boolean {
  if (el.type === IcuType.plural || el.type === IcuType.select) return false
  return el.type !== IcuType.tag || el.children.every(isSimple)
}

/** A run of simple elements as plain text with placeholders: `You have {#} messages from {name}`. */
function runText(run: MessageFormatElement[]): string {
  return run
    .map((el) => {
      switch (el.type) {
        case IcuType.literal:
          return el.value
        case IcuType.pound:
          return ICU_POUND_TOKEN
        case IcuType.tag:
          return `<${el.value}>${runText(el.children)}</${el.value}>`
        default:
          return printElements([el], false)
      }
    })
    .join("")
}

/** The placeholders a run's plain text carries, each with the ICU it stands for. */
function runTokens(run: MessageFormatElement[], tokens = new Map<string, string>()) {
  for (const el of run) {
    if (el.type === IcuType.literal) continue
    if (el.type === IcuType.pound) tokens.set(ICU_POUND_TOKEN, "#")
    else if (el.type === IcuType.tag) {
      tokens.set(`<${el.value}>`, `<${el.value}>`)
      tokens.set(`</${el.value}>`, `</${el.value}>`)
      runTokens(el.children, tokens)
    } else {
      const printed = printElements([el], false)
      tokens.set(printed, printed)
    }
  }
  return tokens
}

/** A translated run back in ICU: its placeholders as the source's arguments, the rest escaped. */
function toIcu(
  text: string,
  run: MessageFormatElement[],
  options: { inPlural: boolean; tags: boolean },
): string {
  const tokens = runTokens(run)
  let out = ""
  let at = 0
  for (const token of findProtectedTokens(text)) {
    const icu = tokens.get(token.text)
    if (icu === undefined) continue
    out += escapeIcuLiteral(text.slice(at, token.start), options) + icu
    at = token.end
  }
  return out + escapeIcuLiteral(text.slice(at), options)
}

/**
 * Prints the ICU message for the target language: plural branches exactly the target's categories
 * (the source's `=N` branches kept first), each from the source branch of that category or else
 * `other`; select branches and every keyword as in the source; each run of text from `onRun`, with
 * `form` saying which plural forms it is written for when they come from `other`.
 */
function printTarget(
  elements: MessageFormatElement[],
  language: string,
  onRun: (run: MessageFormatElement[], inPlural: boolean, form?: string) => string,
  inPlural = false,
  form?: string,
): string {
  let out = ""
  let run: MessageFormatElement[] = []
  const flush = () => {
    if (run.length > 0) out += onRun(run, inPlural, form)
    run = []
  }
  for (const el of elements) {
    if (isSimple(el)) {
      run.push(el)
      continue
    }
    flush()
    if (el.type === IcuType.plural) {
      const ordinal = el.pluralType === "ordinal"
      const keys = [
        ...Object.keys(el.options).filter((key) => key.startsWith("=")),
        ...pluralCategories(language, ordinal ? "ordinal" : "cardinal"),
      ]
      const branches = keys.map((key) => {
        const option = el.options[key] ?? el.options.other!
        const generated =
          el.options[key] === undefined
            ? pluralFormNote(key as PluralCategory, language, el.pluralType, el.value)
            : undefined
        const within = [form, generated].filter(Boolean).join("\n") || undefined
        return `${key} {${printTarget(option.value, language, onRun, true, within)}}`
      })
      const offset = el.offset ? `offset:${el.offset} ` : ""
      out += `{${el.value}, ${ordinal ? "selectordinal" : "plural"}, ${offset}${branches.join(" ")}}`
    } else if (el.type === IcuType.select) {
      const branches = Object.entries(el.options).map(
        ([key, option]) => `${key} {${printTarget(option.value, language, onRun, false, form)}}`,
      )
      out += `{${el.value}, select, ${branches.join(" ")}}`
    } else if (el.type === IcuType.tag) {
      out += `<${el.value}>${printTarget(el.children, language, onRun, inPlural, form)}</${el.value}>`
    }
  }
  flush()
  return out
}

/**
 * What `nativ files check` and the server verify before a translation ships: placeholders as often
 * as in the source, ICU that reads with the same arguments, keywords and select branches, plural
 * forms for exactly the target's categories, nothing empty. Forms for `zero`, `one`, `two` and
 * `=N` may leave out (or add) the count placeholders the `other` form has ("one item").
 */
export function checkTranslation(
  unit: TextUnit,
  translation: Translation,
  targetLanguage: string,
): Violation[] {
  const violations: Violation[] = []
  const report = (kind: Violation["kind"], message: string) =>
    violations.push({ unitKey: unit.key, kind, message })

  if (unit.plural) {
    const forms = unit.plural
    if (!translation.plural) {
      report("plural", "the translation has no plural forms")
      return violations
    }
    const expected = unitPluralCategories(unit, targetLanguage)
    for (const category of Object.keys(translation.plural))
      if (!(expected as string[]).includes(category))
        report("plural", `"${category}" is not a plural form of ${targetLanguage}`)
    for (const category of expected) {
      const target = translation.plural[category]
      if (target === undefined) report("plural", `plural form "${category}" is missing`)
      else if (target.trim() === "" && (forms[category] ?? forms.other).trim() !== "")
        report("empty", `plural form "${category}" is empty`)
      else
        for (const mismatch of placeholderMismatches(
          forms[category] ?? forms.other,
          target,
          lenientFor(category, forms.other),
        ))
          report("placeholder", `${category}: ${describePlaceholderMismatch(mismatch)}`)
    }
    return violations
  }

  const text = translation.text
  if (text === undefined) {
    report("empty", "the translation has no text")
    return violations
  }
  if (text.trim() === "" && unit.source.trim() !== "") {
    report("empty", "the translation is empty")
    return violations
  }
  const parsed = unit.icu ? tryParseIcu(unit.source) : null
  const source = parsed && withinNesting(parsed.ast) ? parsed : null
  if (!source) {
    for (const mismatch of comparePlaceholders(unit.source, text))
      report("placeholder", describePlaceholderMismatch(mismatch))
    return violations
  }
  let target
  try {
    // without requiring `other`, so a translated keyword is named rather than a missing `other`
    target = parseIcu(text, source.tags, false)
  } catch (error) {
    report("icu", `the ICU message does not read: ${(error as Error).message}`)
    return violations
  }
  compareIcu(source.ast, target.ast, targetLanguage, new Set(), report)
  return violations
}

function lenientFor(category: string, other: string): Set<string> {
  if (category !== "zero" && category !== "one" && category !== "two" && !category.startsWith("="))
    return new Set()
  return new Set(findProtectedTokens(other).map((token) => token.text))
}

function placeholderMismatches(source: string, target: string, lenient: Set<string>) {
  return comparePlaceholders(source, target).filter(
    (mismatch: PlaceholderMismatch) => !lenient.has(mismatch.token),
  )
}

/** Plain text with placeholders for every simple run of a list of elements, for counting. */
function flatText(elements: MessageFormatElement[]): string {
  return elements
    .filter(isSimple)
    .map((el) => runText([el]))
    .join("")
}

function describeElement(el: MessageFormatElement): string {
  if (el.type === IcuType.plural)
    return `{${el.value}, ${el.pluralType === "ordinal" ? "selectordinal" : "plural"}}`
  if (el.type === IcuType.select) return `{${el.value}, select}`
  if (el.type === IcuType.tag) return `<${el.value}>`
  return "text"
}

function compareIcu(
  source: MessageFormatElement[],
  target: MessageFormatElement[],
  language: string,
  lenient: Set<string>,
  report: (kind: Violation["kind"], message: string) => void,
): void {
  for (const mismatch of placeholderMismatches(flatText(source), flatText(target), lenient))
    report("placeholder", describePlaceholderMismatch(mismatch))
  const sourceComplex = source.filter((el) => !isSimple(el))
  const targetComplex = target.filter((el) => !isSimple(el))
  const expected = sourceComplex.map(describeElement).join(" ")
  const found = targetComplex.map(describeElement).join(" ")
  if (expected !== found) {
    report(
      "icu",
      `the message's structure changed: expected ${expected || "no plural or select"}, found ${found || "none"}`,
    )
    return
  }
  sourceComplex.forEach((src, i) => {
    const tgt = targetComplex[i]!
    if (src.type === IcuType.plural && tgt.type === IcuType.plural) {
      if (src.offset !== tgt.offset)
        report("icu", `{${src.value}, plural} has offset ${tgt.offset} instead of ${src.offset}`)
      const exact = Object.keys(src.options).filter((key) => key.startsWith("="))
      const categories = pluralCategories(
        language,
        src.pluralType === "ordinal" ? "ordinal" : "cardinal",
      )
      const keys = [...exact, ...categories]
      for (const key of Object.keys(tgt.options)) {
        if (keys.includes(key)) continue
        if (key.startsWith("="))
          report("icu", `{${src.value}}: the exact selector ${key} is not in the source`)
        else if (isPluralCategory(key))
          report("plural", `{${src.value}}: "${key}" is not a plural category of ${language}`)
        else report("icu", `{${src.value}}: "${key}" is not a plural keyword (translated?)`)
      }
      for (const key of keys) {
        const branch = tgt.options[key]
        if (!branch) {
          report(
            key.startsWith("=") ? "icu" : "plural",
            `{${src.value}}: plural form "${key}" is missing`,
          )
          continue
        }
        const from = src.options[key] ?? src.options.other!
        compareIcu(
          from.value,
          branch.value,
          language,
          lenientFor(key, flatText(src.options.other!.value)),
          report,
        )
      }
    } else if (src.type === IcuType.select && tgt.type === IcuType.select) {
      const keys = Object.keys(src.options)
      for (const key of Object.keys(tgt.options))
        if (!keys.includes(key))
          report(
            "icu",
            `{${src.value}, select}: "${key}" is not a selector of the source (translated?)`,
          )
      for (const key of keys) {
        const branch = tgt.options[key]
        if (!branch) report("icu", `{${src.value}, select}: the branch "${key}" is missing`)
        else compareIcu(src.options[key]!.value, branch.value, language, lenient, report)
      }
    } else if (src.type === IcuType.tag && tgt.type === IcuType.tag) {
      compareIcu(src.children, tgt.children, language, lenient, report)
    }
  })
}
