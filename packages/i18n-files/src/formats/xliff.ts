/**
 * XLIFF 1.2 (`<trans-unit>`/`<source>`/`<target state="translated">`, `target-language` on each
 * `<file>`) and 2.0 (`<unit>`/`<segment>`, `trgLang`, `state="translated"` on the segment), told
 * apart by the root's `version`. Inline markup (`<g>`, `<x/>`, `<bx/>`, `<ex/>`, `<ph>`, `<pc>`,
 * `<mrk>`…) travels in a unit's text as short tags (a source that is an ICU message, as Angular
 * writes plurals, is marked `icu`) and is written back exactly as the source had it;
 * native code (`<ph>`, `<bpt>`, `<ept>`, `<it>`) is one opaque tag. Units with `translate="no"`
 * (on themselves or an enclosing group or file) are skipped; notes become the unit's note,
 * `maxwidth` (in characters) or `slr:sizeRestriction` its maxLength. Translations are written into
 * the original text: the rest of the file stays byte for byte as it was.
 */
import { isIcuMessage } from "../icu"
import {
  DEFAULT_LIMITS,
  FileFormatError,
  type FormatHandler,
  type ParsedFile,
  type TextUnit,
  type Translation,
} from "../types"
import { type InlineToken, inlineText, readInline, tokensOf, writeInline } from "./xml-inline"
import {
  applyEdits,
  childElements,
  indentBefore,
  localName,
  newlineOf,
  parseXml,
  setAttributeEdit,
  textOf,
  withAttribute,
  type XmlEdit,
  type XmlElement,
} from "./xml-tree"

const OPAQUE = new Set(["ph", "bpt", "ept", "it"])

interface XliffEntry {
  key: string
  /** The element that carries the state: 1.2 `<trans-unit>`'s target, 2.0 `<segment>`. */
  holder: XmlElement
  source: XmlElement
  target: XmlElement | undefined
  tokens: InlineToken[]
}

interface XliffDocument {
  content: string
  version: 1 | 2
  root: XmlElement
  /** 1.2: the `<file>` elements, whose `target-language` is set. */
  files: XmlElement[]
  /** The target language the file already names (targets in another language are dropped). */
  targetLanguage: string | undefined
  entries: XliffEntry[]
}

export const xliffHandler: FormatHandler = {
  format: "xliff",
  extensions: [".xlf", ".xliff"],
  sniff: (content) => /<xliff[\s>]/.test(content.slice(0, 4096)),
  parse: parseXliff,
  render: renderXliff,
}

function parseXliff(
  content: string,
  options: Parameters<FormatHandler["parse"]>[1] = {},
): ParsedFile {
  const limits = { ...DEFAULT_LIMITS, ...options.limits }
  if (content.length > limits.maxChars) {
    throw new FileFormatError("too_large", `The file has over ${limits.maxChars} characters.`)
  }
  const root = childElements(parseXml(content, limits))[0]
  if (!root || localName(root.name) !== "xliff") {
    throw new FileFormatError("malformed", "An XLIFF file has an <xliff> root element.")
  }
  const version = root.attributes.version?.startsWith("2") ? 2 : 1
  const files = childElements(root, "file")
  const units: TextUnit[] = []
  const entries: XliffEntry[] = []
  const keys = new Set<string>()
  const add = (unit: TextUnit, entry: XliffEntry, element: XmlElement) => {
    if (keys.has(unit.key)) {
      throw new FileFormatError(
        "malformed",
        `The unit id "${unit.key}" appears twice (line ${element.line}).`,
        {
          line: element.line,
        },
      )
    }
    if (units.length >= limits.maxStrings) {
      throw new FileFormatError(
        "too_many_strings",
        `The file has over ${limits.maxStrings} strings.`,
      )
    }
    keys.add(unit.key)
    units.push(unit)
    entries.push(entry)
  }
  const prefixed = (file: XmlElement, fileIndex: number, id: string) =>
    files.length > 1
      ? `${file.attributes.original ?? file.attributes.id ?? fileIndex + 1}#${id}`
      : id

  files.forEach((file, fileIndex) => {
    for (const unit of unitsIn(file, version === 2 ? "unit" : "trans-unit")) {
      const id = unit.attributes.id ?? unit.attributes.resname ?? unit.attributes.name
      if (id === undefined) continue
      const key = prefixed(file, fileIndex, id)
      const common = unitMetadata(unit, version)
      if (version === 1) {
        const source = childElements(unit, "source")[0]
        if (!source) continue
        const target = childElements(unit, "target")[0]
        const state = target?.attributes.state
        const usable = target && state !== "new" && state !== "needs-translation"
        add(
          read(content, key, source, usable ? target : undefined, common),
          {
            key,
            holder: unit,
            source,
            target,
            tokens: tokensOf(readInline(content, source, OPAQUE)),
          },
          unit,
        )
      } else {
        const segments = childElements(unit, "segment")
        segments.forEach((segment, i) => {
          const source = childElements(segment, "source")[0]
          if (!source) return
          const target = childElements(segment, "target")[0]
          const segmentKey = segments.length > 1 ? `${key}/${segment.attributes.id ?? i + 1}` : key
          const usable = target && segment.attributes.state !== "initial"
          add(
            read(content, segmentKey, source, usable ? target : undefined, common),
            {
              key: segmentKey,
              holder: segment,
              source,
              target,
              tokens: tokensOf(readInline(content, source, OPAQUE)),
            },
            segment,
          )
        })
      }
    }
  })

  const document: XliffDocument = {
    content,
    version,
    root,
    files,
    targetLanguage:
      version === 2 ? root.attributes.trgLang : files[0]?.attributes["target-language"],
    entries,
  }
  const sourceLanguage =
    version === 2 ? root.attributes.srcLang : files[0]?.attributes["source-language"]
  return { format: "xliff", units, sourceLanguage, document }
}

/** The translatable units under an element, leaving out `translate="no"` ones and groups. */
function* unitsIn(element: XmlElement, name: string): Generator<XmlElement> {
  if (element.attributes.translate === "no") return
  for (const child of childElements(element)) {
    if (localName(child.name) === name) {
      if (child.attributes.translate !== "no") yield child
    } else {
      yield* unitsIn(child, name)
    }
  }
}

function unitMetadata(unit: XmlElement, version: 1 | 2): Partial<TextUnit> {
  const noteElements =
    version === 1
      ? childElements(unit, "note")
      : childElements(unit, "notes").flatMap((notes) => childElements(notes, "note"))
  const note = noteElements
    .map((n) => textOf(n).trim())
    .filter(Boolean)
    .join("\n")
  const context = version === 1 ? unit.attributes.resname : unit.attributes.name
  const sizeAttribute = Object.keys(unit.attributes).find((a) => localName(a) === "sizeRestriction")
  const unitOfSize = unit.attributes["size-unit"]
  const size =
    version === 1
      ? !unitOfSize || unitOfSize === "char"
        ? unit.attributes.maxwidth
        : undefined
      : sizeAttribute && unit.attributes[sizeAttribute]
  const maxLength = size && /^\d+$/.test(size) ? Number(size) : undefined
  return {
    ...(note && { note }),
    ...(context && { context }),
    ...(maxLength !== undefined && { maxLength }),
  }
}

function read(
  content: string,
  key: string,
  source: XmlElement,
  target: XmlElement | undefined,
  metadata: Partial<TextUnit>,
): TextUnit {
  const sourceParts = readInline(content, source, OPAQUE)
  const text = inlineText(sourceParts)
  const unit: TextUnit = {
    key,
    source: text,
    ...(isIcuMessage(text) && { icu: true }),
    ...metadata,
  }
  if (target) {
    const existing = inlineText(readInline(content, target, OPAQUE, tokensOf(sourceParts)))
    if (existing.trim()) unit.target = existing
  }
  return unit
}

function renderXliff(
  file: ParsedFile,
  translations: ReadonlyMap<string, Translation>,
  options: Parameters<FormatHandler["render"]>[2],
): string {
  const document = file.document as XliffDocument
  const { content, version } = document
  const language = options.targetLanguage
  const sameLanguage = document.targetLanguage?.toLowerCase() === language.toLowerCase()
  const edits: XmlEdit[] = []
  if (version === 2) edits.push(setAttributeEdit(content, document.root, "trgLang", language))
  else
    for (const f of document.files)
      edits.push(setAttributeEdit(content, f, "target-language", language))

  for (const entry of document.entries) {
    const text = translations.get(entry.key)?.text
    const { target, source } = entry
    if (text === undefined) {
      // a target in another language is not a translation into this one
      if (target && document.targetLanguage && !sameLanguage) {
        edits.push(removal(content, target))
        if (version === 2 && entry.holder.attributes.state) {
          edits.push(setAttributeEdit(content, entry.holder, "state", "initial"))
        }
      }
      continue
    }
    const inline = writeInline(text, entry.tokens)
    if (version === 2) edits.push(setAttributeEdit(content, entry.holder, "state", "translated"))
    if (target && !target.selfClosing) {
      if (version === 1) edits.push(setAttributeEdit(content, target, "state", "translated"))
      edits.push({ start: target.openEnd, end: target.closeStart, text: inline })
    } else if (target) {
      const open = content.slice(target.start, target.openEnd).replace(/\s*\/>$/, ">")
      const start = version === 1 ? withAttribute(open, "state", "translated") : open
      edits.push({
        start: target.start,
        end: target.end,
        text: `${start}${inline}</${target.name}>`,
      })
    } else {
      const indent = indentBefore(content, source.start)
      const name = source.name.replace(/source$/, "target")
      const state = version === 1 ? ' state="translated"' : ""
      edits.push({
        start: source.end,
        end: source.end,
        text: `${indent === undefined ? "" : newlineOf(content) + indent}<${name}${state}>${inline}</${name}>`,
      })
    }
  }
  return applyEdits(content, edits)
}

/** An edit that removes an element and the line it stood on. */
function removal(content: string, element: XmlElement): XmlEdit {
  let start = element.start
  while (start > 0 && /[ \t]/.test(content[start - 1]!)) start--
  if (content[start - 1] === "\n") start--
  if (content[start - 1] === "\r") start--
  return { start, end: element.end, text: "" }
}
