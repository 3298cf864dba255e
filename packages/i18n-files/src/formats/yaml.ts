import type { Document, Node as YamlNode, Scalar, YAMLMap } from "yaml"
import {
  Composer,
  CST,
  isAlias,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  Parser,
  visit,
} from "yaml"
import { isIcuMessage } from "../icu"
import { checkDepth, checkSize, resolveLimits } from "../limits"
import { isPluralCategory, unitPluralCategories } from "../plurals"
import type {
  FileLimits,
  FormatHandler,
  ParsedFile,
  PluralCategory,
  PluralForms,
  RenderOptions,
  TextUnit,
  Translation,
} from "../types"
import { FileFormatError } from "../types"
import { joinKey, StringCounter } from "./json-tree"

/** A root key shaped like a locale, as Rails files start: `en:`, `pt-BR:`, `zh_Hant:`. */
const LOCALE_KEY = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/

const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" })

/** Whether a root key names a language the runtime knows (`en`, `pt-BR`; not `app`, `ui`, `db`). */
function isLocaleKey(key: string): boolean {
  if (!LOCALE_KEY.test(key)) return false
  const code = key.replaceAll("_", "-")
  try {
    return languageNames.of(code)?.toLowerCase() !== code.toLowerCase()
  } catch {
    return false
  }
}

interface Analysis {
  tokens: CST.Token[]
  units: TextUnit[]
  scalars: Map<string, Scalar>
  plurals: Map<string, YAMLMap>
  /** The Rails root key (`en:`), renamed to the target when writing. */
  localeKey: Scalar | undefined
}

/**
 * YAML (and Rails locale files): every string in a mapping is a unit keyed by its path; a mapping
 * of plural categories (`one:`, `other:` …, as Rails pluralizes) is one plural unit; sequences,
 * numbers, booleans, aliases and merge keys are left as written. A single root key naming a
 * locale is the source language, left out of unit keys and renamed to the target when written.
 * Writing edits the parsed source tokens, so comments, anchors, quoting and order survive; alias
 * use is bounded by `maxAliases` and nothing is ever expanded.
 */
export const yamlHandler: FormatHandler = {
  format: "yaml",
  extensions: [".yml", ".yaml"],
  parse(content, options): ParsedFile {
    const analysis = analyze(content, resolveLimits(options?.limits))
    const sourceLanguage = analysis.localeKey?.value as string | undefined
    return {
      format: "yaml",
      units: analysis.units,
      document: { content, limits: resolveLimits(options?.limits) },
      ...(sourceLanguage !== undefined && { sourceLanguage }),
    }
  },
  render(file, translations, options) {
    const { content, limits } = file.document as { content: string; limits: FileLimits }
    // The yaml package's folding of some quoted strings (a CR before spaces and newlines) does not
    // read back as written: those strings are written again as JSON-style double-quoted scalars.
    const asJson = new Set<string>()
    for (;;) {
      const written = write(content, limits, translations, options, asJson)
      if (written === content) return written
      const misread = misreadKeys(analyze(written, limits), translations).filter(
        (key) => !asJson.has(key),
      )
      if (misread.length === 0) return written
      for (const key of misread) asJson.add(key)
    }
  },
}

function write(
  content: string,
  limits: FileLimits,
  translations: ReadonlyMap<string, Translation>,
  options: RenderOptions,
  asJson: ReadonlySet<string>,
): string {
  // edits go into freshly read tokens, so one parsed file can be written for many languages
  const { tokens, scalars, plurals, localeKey } = analyze(content, limits)
  let changed = false
  for (const [key, scalar] of scalars) {
    const text = translations.get(key)?.text
    if (text === undefined || text === scalar.value) continue
    setScalar(scalar.srcToken!, text, asJson.has(key))
    changed = true
  }
  for (const [key, map] of plurals)
    changed =
      renderPlural(map, translations.get(key)?.plural, options.targetLanguage, asJson.has(key)) ||
      changed
  const rename =
    localeKey &&
    localeKey.value !== options.targetLanguage &&
    (options.sourceLanguage === undefined ||
      sameLocale(options.sourceLanguage, localeKey.value as string))
  if (rename) {
    CST.setScalarValue(localeKey.srcToken!, options.targetLanguage, { implicitKey: true })
    changed = true
  }
  return changed ? tokens.map((token) => CST.stringify(token)).join("") : content
}

function setScalar(token: CST.Token, text: string, asJson: boolean) {
  if (!asJson) return CST.setScalarValue(token, text, { afterKey: true })
  CST.setScalarValue(token, "", { afterKey: true, type: "QUOTE_DOUBLE" })
  ;(token as CST.FlowScalar).source = JSON.stringify(text)
}

/** Keys whose translation the written file does not hold exactly. */
function misreadKeys(written: Analysis, translations: ReadonlyMap<string, Translation>): string[] {
  const wrong: string[] = []
  for (const [key, scalar] of written.scalars) {
    const text = translations.get(key)?.text
    if (text !== undefined && scalar.value !== text) wrong.push(key)
  }
  const units = new Map(written.units.map((unit) => [unit.key, unit]))
  for (const key of written.plurals.keys()) {
    const forms = translations.get(key)?.plural ?? {}
    const read = units.get(key)?.plural
    if (
      Object.entries(forms).some(([category, text]) => read?.[category as PluralCategory] !== text)
    )
      wrong.push(key)
  }
  return wrong
}

function sameLocale(a: string, b: string) {
  return a.replaceAll("_", "-").toLowerCase() === b.replaceAll("_", "-").toLowerCase()
}

function analyze(content: string, limits: FileLimits): Analysis {
  checkSize(content, limits)
  const lines = new LineCounter()
  const where = (offset: number) => {
    const { line, col } = lines.linePos(offset)
    return { line, column: col }
  }
  let tokens: CST.Token[]
  let docs: Document.Parsed[]
  try {
    tokens = [...new Parser(lines.addNewLine).parse(content)]
    // the composer's own duplicate-key check compares every key with every other (quadratic on a
    // large mapping): keys are checked below with a set instead
    docs = [...new Composer({ keepSourceTokens: true, uniqueKeys: false }).compose(tokens, true)]
  } catch (error) {
    if (error instanceof RangeError)
      throw new FileFormatError("too_deep", `The file nests deeper than ${limits.maxDepth} levels.`)
    throw error
  }
  for (const doc of docs) {
    const error = doc.errors[0]
    // the composer reports its own stack overflow on absurd nesting as an error
    if (error?.message.includes("call stack"))
      throw new FileFormatError("too_deep", `The file nests deeper than ${limits.maxDepth} levels.`)
    if (error) {
      const { line, col: column } = lines.linePos(error.pos[0])
      const reason = error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "")
      throw new FileFormatError(
        "malformed",
        `The YAML file is not valid at line ${line}, column ${column}: ${reason}`,
        { line, column },
      )
    }
  }

  let aliases = 0
  for (const doc of docs)
    visit(doc, {
      Alias() {
        aliases++
        if (aliases > limits.maxAliases)
          throw new FileFormatError(
            "too_many_aliases",
            `The file uses more than ${limits.maxAliases} aliases.`,
          )
      },
      // sequences and flow collections too, though no unit comes from them
      Collection(_, node, path) {
        const depth = path.filter((step) => isCollection(step)).length + 1
        if (depth > limits.maxDepth)
          checkDepth(depth, limits, node.range ? where(node.range[0]) : undefined)
      },
    })

  const counter = new StringCounter(limits)
  const units: TextUnit[] = []
  const scalars = new Map<string, Scalar>()
  const plurals = new Map<string, YAMLMap>()
  let localeKey: Scalar | undefined

  const walk = (node: YamlNode | null, path: string[], depth: number) => {
    if (!isMap(node)) return
    if (depth > limits.maxDepth)
      checkDepth(depth, limits, node.range ? where(node.range[0]) : undefined)
    const seen = new Set<unknown>()
    for (const pair of node.items) {
      if (!isScalar(pair.key) || pair.key.value === "<<") continue
      if (seen.has(pair.key.value)) {
        const at = where(pair.key.range![0])
        throw new FileFormatError(
          "malformed",
          `The YAML file is not valid at line ${at.line}, column ${at.column}: the key "${String(pair.key.value)}" appears twice in one mapping`,
          at,
        )
      }
      seen.add(pair.key.value)
      const value = pair.value as YamlNode | null
      const keyPath = [...path, String(pair.key.value)]
      if (isAlias(value) || isSeq(value)) continue
      if (isScalar(value) && typeof value.value === "string") {
        counter.add()
        const key = joinKey(keyPath)
        scalars.set(key, value)
        units.push({ key, source: value.value, ...(isIcuMessage(value.value) && { icu: true }) })
      } else if (isMap(value)) {
        const plural = pluralForms(value)
        if (plural) {
          for (let i = 0; i < Object.keys(plural).length; i++) counter.add()
          const key = joinKey(keyPath)
          plurals.set(key, value)
          // Ruby I18n uses `zero:` for 0 in every language
          units.push({
            key,
            source: plural.other,
            plural,
            ...(plural.zero !== undefined && { keepsZero: true }),
          })
        } else walk(value, keyPath, depth + 1)
      }
    }
  }

  docs.forEach((doc, index) => {
    const root = doc.contents
    const prefix = index === 0 ? [] : [`---${index}`]
    const only = isMap(root) && root.items.length === 1 ? root.items[0]! : undefined
    if (
      index === 0 &&
      docs.length === 1 &&
      only &&
      isScalar(only.key) &&
      typeof only.key.value === "string" &&
      isLocaleKey(only.key.value) &&
      isMap(only.value)
    ) {
      localeKey = only.key
      walk(only.value, prefix, 2)
    } else walk(root, prefix, 1)
  })
  return { tokens, units, scalars, plurals, localeKey }
}

/** A block mapping whose keys are all plural categories, with `other`, and plain string values. */
function pluralForms(map: YAMLMap): PluralForms | null {
  if (map.srcToken?.type !== "block-map" || map.items.length === 0) return null
  const forms: Partial<PluralForms> = {}
  for (const pair of map.items) {
    if (
      !isScalar(pair.key) ||
      typeof pair.key.value !== "string" ||
      !isPluralCategory(pair.key.value)
    )
      return null
    if (!isScalar(pair.value) || typeof pair.value.value !== "string" || pair.value.anchor)
      return null
    forms[pair.key.value] = pair.value.value
  }
  return forms.other === undefined ? null : (forms as PluralForms)
}

/** Rewrites a plural mapping's entries as the target's categories (each from its own, else `other`). */
function renderPlural(
  map: YAMLMap,
  translated: PluralForms | undefined,
  language: string,
  asJson: boolean,
): boolean {
  const token = map.srcToken as CST.BlockMap
  // the mapping's pairs and its source entries are in the same order
  const items = new Map(
    token.items.map((item, i) => [(map.items[i]!.key as Scalar).value as string, item]),
  )
  const source = new Map(
    map.items.map((pair) => [
      (pair.key as Scalar).value as string,
      (pair.value as Scalar).value as string,
    ]),
  )
  const categories = unitPluralCategories(
    { plural: { zero: source.get("zero") }, keepsZero: true },
    language,
  )
  const sameKeys =
    categories.length === items.size && categories.every((category) => items.has(category))
  const next = categories.map((category) => {
    const text = translated?.[category] ?? source.get(category) ?? source.get("other")!
    const existing = items.get(category)
    if (existing && text === source.get(category)) return existing
    const item = existing ?? structuredClone(items.get("other")!)
    if (!existing) CST.setScalarValue(item.key!, category, { implicitKey: true })
    setScalar(item.value!, text, asJson)
    return item
  })
  const unchanged = sameKeys && next.every((item, i) => item === token.items[i])
  if (unchanged) return false
  // the first entry's leading indentation stays first; the rest take the indentation of a later one
  const lead = token.items[0]!.start
  const rest = token.items[1]?.start ?? lead
  token.items = next.map((item, i) => ({ ...item, start: structuredClone(i === 0 ? lead : rest) }))
  // an entry taken from the end of a file without a final newline still needs one before the next
  for (const item of token.items.slice(0, -1)) {
    const value = item.value as CST.FlowScalar
    if (value.end && !value.end.some((part) => part.type === "newline"))
      value.end.push({ type: "newline", offset: -1, indent: 0, source: "\n" })
  }
  return true
}
