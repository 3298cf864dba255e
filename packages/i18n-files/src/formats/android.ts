/**
 * Android `strings.xml`: `<string>`, `<string-array>` items (keys `name[0]`, `name[1]`…) and
 * `<plurals>` (plural units; the target gets exactly its CLDR categories); a `product` variant's
 * key is `name#product`. Strings marked `translatable="false"` and references to other resources
 * (`@string/ok`) are not units and stay as written, as do every attribute (`tools:ignore`,
 * `formatted`), comment and untranslated string: translations are written into the original text.
 * Values are read and written with Android's escapes (`\'`, `\"`, `\\`, `\n`, `\t`, `\uXXXX`,
 * a leading `\@` or `\?`, double quotes that keep whitespace); `<b>`, `<i>`, `<u>` and other inline
 * markup travel as tags; a CDATA value stays CDATA.
 */
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
import { type InlinePart, type InlineToken, readInline, splitInline, tokensOf } from "./xml-inline"
import {
  applyEdits,
  childElements,
  contentEdit,
  escapeXmlText,
  indentBefore,
  newlineOf,
  parseXml,
  type XmlEdit,
  type XmlElement,
} from "./xml-tree"

/** Characters XML cannot carry (or a reader would drop), written as Android `\uXXXX` escapes. */
// eslint-disable-next-line no-control-regex -- these control characters are what it matches
const UNWRITABLE = /[\u0000-\u0008\u000b-\u001f\u007f\ufffe\uffff]/g

/** `<xliff:g>` marks text that must not be translated (a placeholder and its example). */
const OPAQUE = new Set(["g"])

interface AndroidEntry {
  key: string
  element: XmlElement
  tokens: InlineToken[]
  cdata: boolean
  /** For plurals: the `<item>` elements. */
  items?: XmlElement[]
}

interface AndroidDocument {
  content: string
  entries: AndroidEntry[]
}

export const androidHandler: FormatHandler = {
  format: "android",
  extensions: [],
  sniff: (content) =>
    /<resources[\s>]/.test(content.slice(0, 4096)) &&
    /<(string|plurals|string-array)[\s>]/.test(content),
  parse: parseAndroid,
  render: renderAndroid,
}

function parseAndroid(
  content: string,
  options: Parameters<FormatHandler["parse"]>[1] = {},
): ParsedFile {
  const limits = { ...DEFAULT_LIMITS, ...options.limits }
  if (content.length > limits.maxChars) {
    throw new FileFormatError("too_large", `The file has over ${limits.maxChars} characters.`)
  }
  const root = childElements(parseXml(content, limits))[0]
  if (root?.name !== "resources") {
    throw new FileFormatError(
      "malformed",
      "An Android strings file has a <resources> root element.",
    )
  }
  const units: TextUnit[] = []
  const entries: AndroidEntry[] = []
  const add = (unit: TextUnit, entry: AndroidEntry) => {
    if (units.length >= limits.maxStrings) {
      throw new FileFormatError(
        "too_many_strings",
        `The file has over ${limits.maxStrings} strings.`,
      )
    }
    units.push(unit)
    entries.push(entry)
  }
  // a string's note is the comment on the line directly above it: not a section heading followed
  // by a blank line, not an earlier comment of a run, not a comment ending the previous line
  let note: string | undefined
  let lineStart = true
  for (const child of root.children) {
    if (child.kind === "text") {
      if (/\n[^\S\n]*\r?\n/.test(child.text)) note = undefined
      if (child.text.includes("\n")) lineStart = true
      continue
    }
    if (child.kind === "comment") {
      note = lineStart ? child.text.trim() : undefined
      lineStart = false
      continue
    }
    lineStart = false
    if (child.kind !== "element") continue
    // the same name may be given once per `product` (phone, tablet…)
    const product = child.attributes.product
    const name =
      child.attributes.name &&
      (product ? `${child.attributes.name}#${product}` : child.attributes.name)
    const translatable = child.attributes.translatable !== "false"
    const withNote = <T extends TextUnit>(unit: T): T => (note ? { ...unit, note } : unit)
    if (name && translatable && child.name === "string" && !isReference(content, child)) {
      const value = readValue(content, child)
      add(withNote({ key: name, source: value.text }), { key: name, element: child, ...value })
    } else if (name && translatable && child.name === "string-array") {
      childElements(child, "item").forEach((item, i) => {
        if (isReference(content, item)) return
        const key = `${name}[${i}]`
        const value = readValue(content, item)
        add(withNote({ key, source: value.text }), { key, element: item, ...value })
      })
    } else if (name && translatable && child.name === "plurals") {
      const items = childElements(child, "item")
      const plural: Partial<PluralForms> = {}
      const tokens: InlineToken[] = []
      for (const item of items) {
        const quantity = item.attributes.quantity as PluralCategory
        if (!PLURAL_CATEGORIES.includes(quantity)) continue
        const value = readValue(content, item, tokens)
        plural[quantity] = value.text
        tokens.push(...value.tokens.filter((t) => !tokens.some((k) => k.raw === t.raw)))
      }
      plural.other ??= Object.values(plural).at(-1) ?? ""
      add(withNote({ key: name, source: plural.other, plural: plural as PluralForms }), {
        key: name,
        element: child,
        tokens,
        cdata: false,
        items,
      })
    }
    note = undefined
  }
  const document: AndroidDocument = { content, entries }
  return { format: "android", units, document }
}

/** A value that names another resource (`@string/ok`, `?attr/label`) rather than holding text. */
function isReference(content: string, element: XmlElement): boolean {
  return /^\s*[@?][\w.:]*[a-z]+\//i.test(content.slice(element.openEnd, element.closeStart))
}

function readValue(
  content: string,
  element: XmlElement,
  known: InlineToken[] = [],
): { text: string; tokens: InlineToken[]; cdata: boolean } {
  const parts = readInline(content, element, OPAQUE, known)
  const cdata = element.children.some((c) => c.kind === "cdata")
  return { text: decodeAndroid(parts), tokens: tokensOf(parts), cdata }
}

/** Android's reading of a value: escapes, quoted runs, unquoted whitespace collapsed and trimmed. */
function decodeAndroid(parts: readonly InlinePart[]): string {
  // each character, and whether it is collapsible (unquoted) whitespace
  const out: { text: string; soft: boolean }[] = []
  let quoted = false
  for (const part of parts) {
    if (typeof part !== "string") {
      out.push({ text: part.token, soft: false })
      continue
    }
    for (let i = 0; i < part.length; i++) {
      const ch = part[i]!
      if (ch === "\\" && i + 1 < part.length) {
        const next = part[++i]!
        if (next === "u" && /^[0-9a-fA-F]{4}$/.test(part.slice(i + 1, i + 5))) {
          out.push({
            text: String.fromCharCode(parseInt(part.slice(i + 1, i + 5), 16)),
            soft: false,
          })
          i += 4
        } else {
          out.push({ text: next === "n" ? "\n" : next === "t" ? "\t" : next, soft: false })
        }
      } else if (ch === '"') {
        quoted = !quoted
      } else if (!quoted && /[ \t\n\r\f\v]/.test(ch)) {
        if (!out.at(-1)?.soft) out.push({ text: " ", soft: true })
      } else {
        out.push({ text: ch, soft: false })
      }
    }
  }
  while (out[0]?.soft) out.shift()
  while (out.at(-1)?.soft) out.pop()
  return out.map((c) => c.text).join("")
}

/**
 * Android's writing of a value: whitespace Android would collapse is kept by quoting the value;
 * quotes, apostrophes, backslashes, line breaks and a leading `@` or `?` are escaped.
 */
function encodeAndroid(text: string, tokens: readonly InlineToken[], cdata: boolean): string {
  const textOnly = splitInline(text, tokens)
    .map((p) => (typeof p === "string" ? p : "x"))
    .join("")
  // line breaks and tabs are written as \n and \t, so only spaces can be collapsed
  const quote = /^ | $| {2}/.test(textOnly) ? '"' : ""
  const parts = cdata ? [text] : splitInline(text, tokens)
  const body = parts
    .map((part, i) => {
      if (typeof part !== "string") return part.raw
      let escaped = part
        .replace(/\\/g, "\\\\")
        .replace(/"/g, '\\"')
        .replace(/'/g, "\\'")
        .replace(/\n/g, "\\n")
        .replace(/\t/g, "\\t")
        .replace(UNWRITABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
      if (i === 0 && !quote) escaped = escaped.replace(/^[@?]/, "\\$&")
      return cdata ? escaped : escapeXmlText(escaped)
    })
    .join("")
  const value = `${quote}${body}${quote}`
  return cdata ? `<![CDATA[${value.replace(/]]>/g, "]]]]><![CDATA[>")}]]>` : value
}

function renderAndroid(
  file: ParsedFile,
  translations: ReadonlyMap<string, Translation>,
  options: Parameters<FormatHandler["render"]>[2],
): string {
  const { content, entries } = file.document as AndroidDocument
  const categories = pluralCategories(options.targetLanguage)
  const edits: XmlEdit[] = []
  for (const entry of entries) {
    const translation = translations.get(entry.key)
    if (!translation) continue
    const { element } = entry
    if (entry.items) {
      const forms =
        translation.plural ??
        (translation.text !== undefined ? { other: translation.text } : undefined)
      if (!forms) continue
      edits.push(pluralsEdit(content, element, entry, forms, categories))
    } else if (translation.text !== undefined) {
      edits.push(
        contentEdit(content, element, encodeAndroid(translation.text, entry.tokens, entry.cdata)),
      )
    }
  }
  return applyEdits(content, edits)
}

function pluralsEdit(
  content: string,
  element: XmlElement,
  entry: AndroidEntry,
  forms: PluralForms,
  categories: readonly PluralCategory[],
): XmlEdit {
  const nl = newlineOf(content)
  const first = entry.items![0]
  const indent = first ? (indentBefore(content, first.start) ?? "") : "    "
  const closing = indentBefore(content, element.closeStart)
  const items = PLURAL_CATEGORIES.filter((c) => categories.includes(c)).map((category) => {
    const text = forms[category] ?? forms.other
    return `${indent}<item quantity="${category}">${encodeAndroid(text, entry.tokens, false)}</item>`
  })
  return {
    start: element.openEnd,
    end: element.closeStart,
    text: `${nl}${items.join(nl)}${nl}${closing ?? ""}`,
  }
}
