/**
 * XML read with saxes into a light tree that remembers where every element starts and ends in the
 * original text, so handlers write translations into the file at known positions and leave every
 * other byte (declaration, namespaces, attribute order and quoting, whitespace, comments) as it was.
 *
 * Safety: saxes expands no DTD at all — only the five predefined entities and character
 * references — so external entities (XXE) and entity bombs ("billion laughs") are refused as
 * undefined entities instead of being fetched or expanded. Depth is capped by `maxDepth`.
 */
import { SaxesParser } from "saxes"

import { DEFAULT_LIMITS, FileFormatError, type FileLimits } from "../types"

export interface XmlElement {
  kind: "element"
  /** Qualified name as written (`xliff:g`). */
  name: string
  attributes: Record<string, string>
  /** Offset of `<`. */
  start: number
  /** Offset just after the start tag's `>`. */
  openEnd: number
  /** Offset of the end tag's `</` (equal to `end` for a self-closing element). */
  closeStart: number
  /** Offset just after the element. */
  end: number
  selfClosing: boolean
  children: XmlNode[]
  parent: XmlElement | undefined
  line: number
}

export type XmlNode =
  | XmlElement
  | { kind: "text"; text: string }
  | { kind: "cdata"; text: string }
  | { kind: "comment"; text: string }

export function parseXml(content: string, limits: Partial<FileLimits> = {}): XmlElement {
  const maxDepth = limits.maxDepth ?? DEFAULT_LIMITS.maxDepth
  const parser = new SaxesParser({ xmlns: false, position: true })
  const document: XmlElement = {
    kind: "element",
    name: "#document",
    attributes: {},
    start: 0,
    openEnd: 0,
    closeStart: content.length,
    end: content.length,
    selfClosing: false,
    children: [],
    parent: undefined,
    line: 1,
  }
  let current = document
  let depth = 0
  const fail = (message: string): never => {
    const bare = /entity|unclosed/.test(message)
      ? bareAmpersand(content, parser.position)
      : undefined
    const where = bare ?? { line: parser.line, column: Math.max(1, parser.column) }
    const why = bare ? "a bare & (write &amp;)" : message.replace(/^(?:.*?:)?\d+:\d+: /, "")
    throw new FileFormatError(
      "malformed",
      `The XML does not parse: ${why} (line ${where.line}, column ${where.column}).`,
      where,
    )
  }
  parser.on("error", (error) => fail(error.message))
  parser.on("doctype", (doctype) => {
    if (/<!ENTITY/i.test(doctype)) fail("entity declarations are not accepted")
  })
  parser.on("opentag", (tag) => {
    if (++depth > maxDepth) {
      throw new FileFormatError("too_deep", `The file nests deeper than ${maxDepth} levels.`, {
        line: parser.line,
        column: parser.column,
      })
    }
    const openEnd = parser.position
    const element: XmlElement = {
      kind: "element",
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      start: content.lastIndexOf(`<${tag.name}`, openEnd - 1),
      openEnd,
      closeStart: openEnd,
      end: openEnd,
      selfClosing: tag.isSelfClosing,
      children: [],
      parent: current,
      line: parser.line,
    }
    current.children.push(element)
    current = element
  })
  parser.on("closetag", () => {
    depth--
    const element = current
    element.end = parser.position
    element.closeStart = element.selfClosing
      ? element.end
      : content.lastIndexOf("</", element.end - 1)
    current = element.parent!
  })
  parser.on("text", (text) => pushText(current, "text", text))
  parser.on("cdata", (text) => current.children.push({ kind: "cdata", text }))
  parser.on("comment", (text) => current.children.push({ kind: "comment", text }))
  parser.write(content).close()
  return document
}

/**
 * saxes reads an entity reference up to the next `;` before it finds the name invalid, so a bare
 * `&` is reported far from where it is: name the `&` that starts the failed reference instead.
 */
function bareAmpersand(
  content: string,
  offset: number,
): { line: number; column: number } | undefined {
  const from = content.lastIndexOf(";", offset - 2) + 1
  const amp = content.indexOf("&", from)
  if (amp < 0 || amp >= offset) return undefined
  if (/^&(?:[A-Za-z_:][\w.:-]*|#\d+|#x[0-9a-fA-F]+);/.test(content.slice(amp, amp + 40)))
    return undefined
  const before = content.slice(0, amp)
  return { line: before.split("\n").length, column: amp - before.lastIndexOf("\n") }
}

function pushText(element: XmlElement, kind: "text", text: string): void {
  const last = element.children[element.children.length - 1]
  if (last?.kind === kind) last.text += text
  else element.children.push({ kind, text })
}

export function childElements(element: XmlElement, name?: string): XmlElement[] {
  return element.children.filter(
    (child): child is XmlElement =>
      child.kind === "element" && (name === undefined || localName(child.name) === name),
  )
}

export function localName(name: string): string {
  return name.slice(name.indexOf(":") + 1)
}

/** The element's text content, decoded (tags dropped). */
export function textOf(element: XmlElement): string {
  return element.children
    .map((child) =>
      child.kind === "element" ? textOf(child) : child.kind === "comment" ? "" : child.text,
    )
    .join("")
}

// eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g

/**
 * Text as XML character data. A carriage return is written as a reference (a reader would turn a
 * raw one into a line feed), and so are NEL and LINE SEPARATOR, which XML 1.1 readers (xmldom, under
 * `plist`) also read as line ends; characters XML 1.0 cannot carry at all are left out.
 */
export function escapeXmlText(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r/g, "&#13;")
    .replace(/\u0085/g, "&#x85;")
    .replace(/\u2028/g, "&#x2028;")
}

export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, "&quot;")
}

export interface XmlEdit {
  start: number
  end: number
  text: string
}

/** The content with each edit's range replaced (edits must not overlap). */
export function applyEdits(content: string, edits: XmlEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start)
  let out = ""
  let at = 0
  for (const edit of sorted) {
    out += content.slice(at, edit.start) + edit.text
    at = edit.end
  }
  return out + content.slice(at)
}

/** An edit that replaces the element's content (an empty `<x/>` is written out as `<x>…</x>`). */
export function contentEdit(content: string, element: XmlElement, text: string): XmlEdit {
  if (!element.selfClosing) return { start: element.openEnd, end: element.closeStart, text }
  const open = content.slice(element.start, element.openEnd).replace(/\s*\/>$/, ">")
  return { start: element.start, end: element.end, text: `${open}${text}</${element.name}>` }
}

/** An edit that sets one attribute in the element's start tag (see `withAttribute`). */
export function setAttributeEdit(
  content: string,
  element: XmlElement,
  name: string,
  value: string,
): XmlEdit {
  const tag = content.slice(element.start, element.openEnd)
  return { start: element.start, end: element.openEnd, text: withAttribute(tag, name, value) }
}

/** A start tag with one attribute set, every other attribute as written; a new one goes last. */
export function withAttribute(tag: string, name: string, value: string): string {
  const quoted = `"${escapeXmlAttribute(value)}"`
  const escaped = name.replace(/[.:-]/g, "\\$&")
  const existing = new RegExp(`(\\s${escaped}\\s*=\\s*)("[^"]*"|'[^']*')`).exec(tag)
  if (existing) {
    const at = existing.index + existing[1]!.length
    return tag.slice(0, at) + quoted + tag.slice(at + existing[2]!.length)
  }
  const end = tag.replace(/\s*\/?>$/, "").length
  return `${tag.slice(0, end)} ${name}=${quoted}${tag.slice(end)}`
}

/** The whitespace that indents the line an offset is on, when only whitespace precedes it there. */
export function indentBefore(content: string, offset: number): string | undefined {
  const lineStart = content.lastIndexOf("\n", offset - 1) + 1
  const prefix = content.slice(lineStart, offset)
  return /^[ \t]*$/.test(prefix) ? prefix : undefined
}

/** The file's line ending. */
export function newlineOf(content: string): string {
  return content.includes("\r\n") ? "\r\n" : "\n"
}
