import { looksLikeI18next } from "../detect"
import { resolveLimits } from "../limits"
import type { PluralType } from "../plurals"
import { isPluralCategory, unitPluralCategories } from "../plurals"
import type { FormatHandler, ParsedFile, PluralCategory, PluralForms, TextUnit } from "../types"
import type { Edit, JsonNode } from "./json-tree"
import {
  applyEdits,
  joinKey,
  leadingWhitespace,
  parseJsonObject,
  properties,
  replaceString,
  StringCounter,
} from "./json-tree"

const SUFFIX = /^(.*?)_(ordinal_)?(zero|one|two|few|many|other)$/
/** Added to a plural unit's key when a plain key has the same name as the plural's base. */
const PLURAL_KEY_MARK = "#plural"

interface PluralGroup {
  base: string
  type: PluralType
  /** The group's properties, in file order, with their category. */
  members: { category: PluralCategory; property: JsonNode; value: JsonNode }[]
  /** All properties of the object the group is in, in file order. */
  siblings: JsonNode[]
  /** Where each sibling is in `siblings`. */
  position: Map<JsonNode, number>
}

interface I18nextDocument {
  content: string
  strings: Map<string, JsonNode>
  groups: Map<string, PluralGroup>
}

/**
 * i18next v4 JSON: like nested JSON, plus plural keys — `key_one`, `key_other`, … (and
 * `key_ordinal_one` …) — read as one plural unit `key` (`key_ordinal`). Written for a target
 * language, a plural unit gets exactly the target's categories (Russian: `_one _few _many
 * _other`; Japanese: `_other`), in CLDR order where the source's keys were. Context suffixes
 * (`friend_male`) are keys like any other.
 */
export const i18nextHandler: FormatHandler = {
  format: "i18next",
  extensions: [".json"],
  sniff: looksLikeI18next,
  parse(content, options): ParsedFile {
    const limits = resolveLimits(options?.limits)
    const root = parseJsonObject(content, limits, "i18next")
    const counter = new StringCounter(limits)
    const units: TextUnit[] = []
    const strings = new Map<string, JsonNode>()
    const groups = new Map<string, PluralGroup>()

    const visit = (object: JsonNode, path: string[]) => {
      const entries = properties(object, content)
      const found = new Map<string, PluralGroup>()
      const siblings = object.children ?? []
      const position = new Map(siblings.map((node, i) => [node, i]))
      for (const { key, property, value } of entries) {
        const match = value.type === "string" ? SUFFIX.exec(key) : null
        if (!match) continue
        const [, base, ordinal, category] = match
        const id = `${base}${ordinal ? "_ordinal" : ""}`
        const group = found.get(id) ?? {
          base: base!,
          type: ordinal ? "ordinal" : "cardinal",
          members: [],
          siblings,
          position,
        }
        group.members.push({ category: category as PluralCategory, property, value })
        found.set(id, group)
      }
      for (const [id, group] of found)
        if (!group.members.some((member) => member.category === "other")) found.delete(id)
      const inGroup = new Set(
        [...found.values()].flatMap((group) => group.members.map((member) => member.property)),
      )
      // `friend_male` may be both a key of its own (context only) and the base of `friend_male_one`
      // / `friend_male_other` (context and count): the plural unit then gets its own key
      const plainKeys = new Set(
        entries
          .filter(({ property, value }) => value.type === "string" && !inGroup.has(property))
          .map(({ key }) => key),
      )
      const emitted = new Set<string>()
      for (const { key, property, value } of entries) {
        if (value.type === "object") visit(value, [...path, key])
        else if (value.type === "string" && !inGroup.has(property)) {
          counter.add()
          const unitKey = joinKey([...path, key])
          strings.set(unitKey, value)
          units.push({ key: unitKey, source: value.value as string })
        } else if (inGroup.has(property)) {
          const [, base, ordinal] = SUFFIX.exec(key)!
          const id = `${base}${ordinal ? "_ordinal" : ""}`
          if (emitted.has(id)) continue
          emitted.add(id)
          const group = found.get(id)!
          const plural = { other: "" } as PluralForms
          for (const member of group.members) {
            counter.add()
            plural[member.category] = member.value.value as string
          }
          const unitKey = joinKey([...path, plainKeys.has(id) ? `${id}${PLURAL_KEY_MARK}` : id])
          groups.set(unitKey, group)
          units.push({
            key: unitKey,
            source: plural.other,
            plural,
            ...(group.type === "ordinal" && { pluralType: "ordinal" }),
            ...(plural.zero !== undefined && group.type === "cardinal" && { keepsZero: true }),
          })
        }
      }
    }
    visit(root, [])
    const document: I18nextDocument = { content, strings, groups }
    return { format: "i18next", units, document }
  },
  render(file, translations, options) {
    const { content, strings, groups } = file.document as I18nextDocument
    const edits: Edit[] = []
    for (const [key, node] of strings) {
      const text = translations.get(key)?.text
      if (text !== undefined && text !== node.value) edits.push(replaceString(node, text))
    }
    for (const [key, group] of groups)
      edits.push(
        ...renderGroup(content, group, translations.get(key)?.plural, options.targetLanguage),
      )
    return applyEdits(content, edits)
  },
}

/**
 * The target's plural keys: values replaced in place when the keys are the same; otherwise the
 * group is written again where its first key was (the target's categories in CLDR order, each
 * translated or else from the source's form of that category or `other`) and its other keys
 * removed.
 */
function renderGroup(
  content: string,
  group: PluralGroup,
  translated: PluralForms | undefined,
  language: string,
): Edit[] {
  const source = new Map(group.members.map((member) => [member.category, member]))
  // i18next looks `_zero` up for 0 in every language: a source's `_zero` stays
  const categories = unitPluralCategories(
    {
      plural: { zero: source.get("zero")?.value.value as string | undefined },
      pluralType: group.type,
      keepsZero: true,
    },
    language,
  )
  const textFor = (category: PluralCategory) =>
    translated?.[category] ?? ((source.get(category) ?? source.get("other"))!.value.value as string)
  const sameKeys =
    categories.length === group.members.length &&
    categories.every((category) => source.has(category))
  if (sameKeys)
    return group.members.flatMap((member) => {
      const text = textFor(member.category)
      return text === member.value.value ? [] : [replaceString(member.value, text)]
    })

  const [first, ...rest] = group.members
  // entries are joined as the file separates its keys (after the comma before the next key)
  const following = group.siblings[group.position.get(first!.property)! + 1]
  const lead = leadingWhitespace(content, (following ?? first!.property).offset)
  const infix = group.type === "ordinal" ? "_ordinal_" : "_"
  const keyNode = first!.property.children![0]!
  const separator = content.slice(keyNode.offset + keyNode.length, first!.value.offset)
  const written = categories
    .filter(isPluralCategory)
    .map(
      (category) =>
        `${JSON.stringify(`${group.base}${infix}${category}`)}${separator}${JSON.stringify(textFor(category))}`,
    )
    .join(`,${lead}`)
  const edits: Edit[] = [
    { offset: first!.property.offset, length: first!.property.length, text: written },
  ]
  for (const member of rest) {
    const index = group.position.get(member.property)!
    const previous = group.siblings[index - 1]!
    const start = previous.offset + previous.length
    edits.push({
      offset: start,
      length: member.property.offset + member.property.length - start,
      text: "",
    })
  }
  return edits
}
