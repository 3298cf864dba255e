import { looksLikeXcstrings } from "../detect"
import { isIcuMessage } from "../icu"
import { resolveLimits } from "../limits"
import { isPluralCategory } from "../plurals"
import type { FormatHandler, ParsedFile, PluralForms, TextUnit, Translation } from "../types"
import { FileFormatError } from "../types"
import type { Edit, JsonNode } from "./json-tree"
import {
  applyEdits,
  colonStyle,
  indentUnit,
  leadingWhitespace,
  lineIndent,
  parseJsonObject,
  properties,
  StringCounter,
  stringifyLike,
} from "./json-tree"

interface XcstringsDocument {
  content: string
  sourceLanguage: string
  /** How the file writes `"key" : value` (Xcode puts a space before the colon). */
  colon: string
  /** Each unit's entry object in `strings`. */
  entries: Map<string, JsonNode>
}

/**
 * Xcode String Catalogs (`.xcstrings`): each string of `strings` (unless `shouldTranslate` is
 * false) is a unit, its source the `sourceLanguage` localization — a `stringUnit` or plural
 * `variations` — or else the key itself, its `comment` the note. Written for a target language,
 * the target's localization is added (or replaced) with state `translated`; every other language,
 * and strings with device variations or substitutions, stay exactly as they were.
 */
export const xcstringsHandler: FormatHandler = {
  format: "xcstrings",
  extensions: [".xcstrings", ".json"],
  sniff: looksLikeXcstrings,
  parse(content, options): ParsedFile {
    const limits = resolveLimits(options?.limits)
    const root = parseJsonObject(content, limits, "String Catalog")
    const top = new Map(properties(root, content).map(({ key, value }) => [key, value]))
    const sourceLanguage = top.get("sourceLanguage")
    const strings = top.get("strings")
    if (sourceLanguage?.type !== "string" || strings?.type !== "object")
      throw new FileFormatError(
        "malformed",
        'A String Catalog needs "sourceLanguage" and a "strings" object at the top.',
        { line: 1, column: 1 },
      )
    const language = sourceLanguage.value as string
    const counter = new StringCounter(limits)
    const units: TextUnit[] = []
    const entries = new Map<string, JsonNode>()
    for (const { key, value: entry } of properties(strings, content)) {
      if (entry.type !== "object") continue
      const fields = toValue(entry) as XcEntry
      // strings Xcode no longer finds in the code are not worth translating
      if (fields.shouldTranslate === false || fields.extractionState === "stale") continue
      const source = fields.localizations?.[language]
      const unit = sourceUnit(key, source)
      if (!unit) continue
      counter.add()
      entries.set(key, entry)
      const target = options?.targetLanguage
        ? existingTranslation(fields.localizations?.[options.targetLanguage])
        : undefined
      units.push({
        ...unit,
        ...(!unit.plural && isIcuMessage(unit.source) && { icu: true }),
        ...(typeof fields.comment === "string" && { note: fields.comment }),
        ...(target !== undefined && { target }),
      })
    }
    const document: XcstringsDocument = {
      content,
      sourceLanguage: language,
      colon: colonStyle(content, root),
      entries,
    }
    return { format: "xcstrings", units, document, sourceLanguage: language }
  },
  render(file, translations, options) {
    const { content, sourceLanguage, colon, entries } = file.document as XcstringsDocument
    if (options.targetLanguage === sourceLanguage) return content
    const unit = indentUnit(content)
    const edits: Edit[] = []
    for (const [key, entry] of entries) {
      const translation = translations.get(key)
      const localization = translation && localizationFor(translation)
      if (!localization) continue
      const fields = new Map(properties(entry, content).map((field) => [field.key, field.value]))
      const localizations = fields.get("localizations")
      if (localizations?.type === "object") {
        const existing = properties(localizations, content).find(
          (p) => p.key === options.targetLanguage,
        )
        if (existing) {
          const indent = lineIndent(content, existing.property.offset)
          edits.push({
            offset: existing.value.offset,
            length: existing.value.length,
            text: stringifyLike(localization, indent, unit, colon),
          })
        } else
          edits.push(
            insertProperty(
              content,
              localizations,
              options.targetLanguage,
              localization,
              unit,
              colon,
            ),
          )
      } else {
        edits.push(
          insertProperty(
            content,
            entry,
            "localizations",
            { [options.targetLanguage]: localization },
            unit,
            colon,
          ),
        )
      }
    }
    return applyEdits(content, edits)
  },
}

interface XcStringUnit {
  stringUnit?: { state?: string; value?: unknown }
  variations?: Record<string, Record<string, { stringUnit?: { value?: unknown } }>>
  substitutions?: unknown
}

interface XcEntry {
  comment?: unknown
  shouldTranslate?: unknown
  extractionState?: unknown
  localizations?: Record<string, XcStringUnit>
}

function sourceUnit(key: string, source: XcStringUnit | undefined): TextUnit | null {
  if (!source) return { key, source: key }
  if (source.substitutions !== undefined) return null
  if (typeof source.stringUnit?.value === "string" && !source.variations)
    return { key, source: source.stringUnit.value }
  const variations = source.variations
  if (!variations || Object.keys(variations).length !== 1 || !variations.plural) return null
  const plural = {} as PluralForms
  for (const [category, form] of Object.entries(variations.plural)) {
    if (!isPluralCategory(category) || typeof form.stringUnit?.value !== "string") return null
    plural[category] = form.stringUnit.value
  }
  if (plural.other === undefined) return null
  return { key, source: plural.other, plural }
}

/** A localization already in the catalog, as a unit's `target`. */
function existingTranslation(
  localization: XcStringUnit | undefined,
): string | PluralForms | undefined {
  if (!localization) return undefined
  const unit = sourceUnit("", localization)
  if (!unit) return undefined
  return unit.plural ?? unit.source
}

function localizationFor(translation: Translation): object | null {
  const unit = (value: string) => ({ stringUnit: { state: "translated", value } })
  if (translation.plural) {
    // Xcode writes keys in alphabetical order
    const plural: Record<string, object> = {}
    for (const [category, value] of Object.entries(translation.plural).sort(([a], [b]) =>
      a < b ? -1 : 1,
    ))
      if (value !== undefined) plural[category] = unit(value)
    return { variations: { plural } }
  }
  return translation.text === undefined ? null : unit(translation.text)
}

/** The plain value of a JSON node. */
function toValue(node: JsonNode): unknown {
  if (node.type === "object")
    return Object.fromEntries(
      (node.children ?? []).map((property) => {
        const [key, value] = property.children as [JsonNode, JsonNode]
        return [key.value as string, toValue(value)]
      }),
    )
  if (node.type === "array") return (node.children ?? []).map(toValue)
  return node.value
}

/** Inserts `"key" : value` into an object, before the first key that sorts after it (as Xcode orders keys). */
function insertProperty(
  content: string,
  object: JsonNode,
  key: string,
  value: unknown,
  unit: string,
  colon: string,
): Edit {
  const children = object.children ?? []
  const write = (indent: string) =>
    `${JSON.stringify(key)}${colon}${stringifyLike(value, indent, unit, colon)}`
  if (children.length === 0) {
    const indent = lineIndent(content, object.offset)
    return {
      offset: object.offset,
      length: object.length,
      text: `{\n${indent}${unit}${write(indent + unit)}\n${indent}}`,
    }
  }
  const after = children.find((child) => (child.children![0]!.value as string) > key)
  if (after) {
    const indent = lineIndent(content, after.offset)
    return {
      offset: after.offset,
      length: 0,
      text: `${write(indent)},${leadingWhitespace(content, after.offset)}`,
    }
  }
  const last = children.at(-1)!
  const indent = lineIndent(content, last.offset)
  return {
    offset: last.offset + last.length,
    length: 0,
    text: `,${leadingWhitespace(content, last.offset)}${write(indent)}`,
  }
}
