/**
 * iOS `.stringsdict`: each entry's `NSStringLocalizedFormatKey` variables with an
 * `NSStringPluralRuleType` rule become plural units (key `entry:variable`; the target gets exactly
 * its CLDR categories), and a format key with words around its variables a text unit (key
 * `entry`). Values are read with `plist`; the file is checked and located with the shared XML
 * reader first (no entity expansion, depth capped), so translations are written into the original
 * text and everything else stays as written.
 */
import { parse as parsePlist, type PlistValue } from "plist"

import { pluralCategories } from "../plurals"
import {
  DEFAULT_LIMITS,
  FileFormatError,
  PLURAL_CATEGORIES,
  type FormatHandler,
  type ParsedFile,
  type PluralCategory,
  type PluralForms,
  type TextUnit,
  type Translation,
} from "../types"
import {
  applyEdits,
  childElements,
  contentEdit,
  escapeXmlText,
  indentBefore,
  newlineOf,
  parseXml,
  textOf,
  type XmlEdit,
  type XmlElement,
} from "./xml-tree"

const FORMAT_KEY = "NSStringLocalizedFormatKey"
const PLURAL_RULE = "NSStringPluralRuleType"
const VARIABLE = /%(?:\d+\$)?#@[^@]*@/g

interface DictEntry {
  key: string
  keyElement: XmlElement
  value: XmlElement
}

type StringsdictEntry =
  | { key: string; kind: "format"; value: XmlElement }
  | { key: string; kind: "plural"; dict: XmlElement }

interface StringsdictDocument {
  content: string
  entries: StringsdictEntry[]
}

export const stringsdictHandler: FormatHandler = {
  format: "stringsdict",
  extensions: [".stringsdict"],
  sniff: (content) => /<plist[\s>]/.test(content) && content.includes(FORMAT_KEY),
  parse: parseStringsdict,
  render: renderStringsdict,
}

function parseStringsdict(
  content: string,
  options: Parameters<FormatHandler["parse"]>[1] = {},
): ParsedFile {
  const limits = { ...DEFAULT_LIMITS, ...options.limits }
  if (content.length > limits.maxChars) {
    throw new FileFormatError("too_large", `The file has over ${limits.maxChars} characters.`)
  }
  const plistRoot = childElements(parseXml(content, limits))[0]
  const top = plistRoot && childElements(plistRoot, "dict")[0]
  const values = readPlist(content)
  if (plistRoot?.name !== "plist" || !top || !isDict(values)) {
    throw new FileFormatError(
      "malformed",
      "A .stringsdict file is a property list of dictionaries.",
    )
  }
  const units: TextUnit[] = []
  const entries: StringsdictEntry[] = []
  const add = (unit: TextUnit, entry: StringsdictEntry) => {
    if (units.length >= limits.maxStrings) {
      throw new FileFormatError(
        "too_many_strings",
        `The file has over ${limits.maxStrings} strings.`,
      )
    }
    units.push(unit)
    entries.push(entry)
  }
  for (const { key, value } of dictEntries(top)) {
    const rules = values[key]
    if (!isDict(rules) || value.name !== "dict") continue
    for (const variable of dictEntries(value)) {
      const rule = rules[variable.key]
      if (variable.key === FORMAT_KEY && typeof rule === "string") {
        // a format key that is only its variables has nothing to translate
        if (/\p{L}/u.test(rule.replace(VARIABLE, ""))) {
          add({ key, source: rule }, { key, kind: "format", value: variable.value })
        }
      } else if (isDict(rule) && rule.NSStringFormatSpecTypeKey === PLURAL_RULE) {
        const forms: Partial<PluralForms> = {}
        for (const category of PLURAL_CATEGORIES) {
          if (typeof rule[category] === "string") forms[category] = rule[category]
        }
        forms.other ??= Object.values(forms).at(-1) ?? ""
        const unitKey = `${key}:${variable.key}`
        add(
          { key: unitKey, source: forms.other, plural: forms as PluralForms },
          { key: unitKey, kind: "plural", dict: variable.value },
        )
      }
    }
  }
  const document: StringsdictDocument = { content, entries }
  return { format: "stringsdict", units, document }
}

function readPlist(content: string): PlistValue {
  try {
    return parsePlist(content)
  } catch (error) {
    throw new FileFormatError(
      "malformed",
      `The property list does not parse: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

type PlistObject = { [key: string]: PlistValue }

function isDict(value: PlistValue | undefined): value is PlistObject {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !(value instanceof Uint8Array)
  )
}

/** A `<dict>`'s key/value element pairs, in order. */
function dictEntries(dict: XmlElement): DictEntry[] {
  const children = childElements(dict)
  const entries: DictEntry[] = []
  for (let i = 0; i + 1 < children.length; i += 2) {
    const keyElement = children[i]!
    if (keyElement.name !== "key") break
    entries.push({ key: textOf(keyElement), keyElement, value: children[i + 1]! })
  }
  return entries
}

function renderStringsdict(
  file: ParsedFile,
  translations: ReadonlyMap<string, Translation>,
  options: Parameters<FormatHandler["render"]>[2],
): string {
  const { content, entries } = file.document as StringsdictDocument
  const categories = pluralCategories(options.targetLanguage)
  const edits: XmlEdit[] = []
  for (const entry of entries) {
    const translation = translations.get(entry.key)
    if (!translation) continue
    if (entry.kind === "format") {
      if (translation.text === undefined) continue
      const { value } = entry
      edits.push(contentEdit(content, value, escapeXmlText(translation.text)))
      continue
    }
    const forms =
      translation.plural ??
      (translation.text !== undefined ? { other: translation.text } : undefined)
    if (forms) edits.push(...pluralEdits(content, entry.dict, forms, categories))
  }
  return applyEdits(content, edits)
}

/** The rule's category entries replaced by one for each of the target's categories, where the first stood. */
function pluralEdits(
  content: string,
  dict: XmlElement,
  forms: PluralForms,
  categories: readonly PluralCategory[],
): XmlEdit[] {
  const existing = dictEntries(dict).filter((e) =>
    (PLURAL_CATEGORIES as readonly string[]).includes(e.key),
  )
  const first = existing[0]
  if (!first) return []
  const nl = newlineOf(content)
  const indent = indentBefore(content, first.keyElement.start)
  const separator = indent === undefined ? "" : nl + indent
  const block = PLURAL_CATEGORIES.filter((c) => categories.includes(c))
    .map(
      (c) =>
        `<key>${c}</key>${separator}<string>${escapeXmlText(forms[c] ?? forms.other)}</string>`,
    )
    .join(separator)
  const edits: XmlEdit[] = [{ start: first.keyElement.start, end: first.value.end, text: block }]
  for (const entry of existing.slice(1)) {
    let start = entry.keyElement.start
    while (start > 0 && /[ \t]/.test(content[start - 1]!)) start--
    if (content[start - 1] === "\n") start--
    if (content[start - 1] === "\r") start--
    edits.push({ start, end: entry.value.end, text: "" })
  }
  return edits
}
