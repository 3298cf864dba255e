/**
 * Inline markup inside a translatable XML element (XLIFF `<g>`, `<x/>`, `<ph>`, `<pc>`, `<mrk>`…,
 * Android `<b>`, `<xliff:g>`…) travels in a unit's text as short tags the placeholder checks
 * protect — `<g1>…</g1>`, `<x2/>`, or the tag itself when it has no attributes (`<b>…</b>`) — and
 * is put back exactly as written when the translation is rendered.
 */
import { escapeXmlText, localName, type XmlElement } from "./xml-tree"

export interface InlineToken {
  /** What the unit's text carries: `<g1>`, `</g1>`, `<x2/>`, `<b>`. */
  token: string
  /** The markup as the file wrote it. */
  raw: string
}

/** An element's content as text runs and inline tokens, in order. */
export type InlinePart = string | InlineToken

/**
 * Reads the element's content. Elements named in `opaque` (native code such as XLIFF `<ph>`)
 * and empty elements become one token each; others become an opening and a closing token around
 * their content. With `known` (the source's tokens), a target's markup reuses the source's tokens.
 */
export function readInline(
  content: string,
  element: XmlElement,
  opaque: ReadonlySet<string>,
  known: readonly InlineToken[] = [],
): InlinePart[] {
  const parts: InlinePart[] = []
  const byRaw = new Map<string, string>()
  for (const { token, raw } of known) if (!byRaw.has(raw)) byRaw.set(raw, token)
  let counter = known.filter((t) => !t.token.startsWith("</")).length
  // the same markup is the same token, so a translation may use it as often as the source does
  const tokenFor = (raw: string, make: () => string) => {
    let token = byRaw.get(raw)
    if (!token) byRaw.set(raw, (token = make()))
    return token
  }
  const visit = (parent: XmlElement) => {
    for (const child of parent.children) {
      if (child.kind === "text" || child.kind === "cdata") parts.push(child.text)
      if (child.kind !== "element") continue
      const open = content.slice(child.start, child.openEnd)
      if (child.selfClosing || opaque.has(localName(child.name))) {
        const raw = content.slice(child.start, child.end)
        parts.push({ token: tokenFor(raw, () => `<${child.name}${++counter}/>`), raw })
        continue
      }
      const close = content.slice(child.closeStart, child.end)
      const plain = open === `<${child.name}>`
      const token = tokenFor(open, () => (plain ? open : `<${child.name}${++counter}>`))
      parts.push({ token, raw: open })
      visit(child)
      parts.push({ token: plain ? close : `</${token.slice(1)}`, raw: close })
    }
  }
  visit(element)
  return parts
}

export function tokensOf(parts: readonly InlinePart[]): InlineToken[] {
  return parts.filter((part): part is InlineToken => typeof part !== "string")
}

/** The unit text of the parts, with `decode` applied to each text run. */
export function inlineText(
  parts: readonly InlinePart[],
  decode: (text: string) => string = (t) => t,
): string {
  return parts.map((part) => (typeof part === "string" ? decode(part) : part.token)).join("")
}

/** A translated text split into text runs and the tokens it carries (text that only looks like a tag stays text). */
export function splitInline(text: string, tokens: readonly InlineToken[]): InlinePart[] {
  const byToken = new Map(tokens.map((t) => [t.token, t]))
  if (!byToken.size) return [text]
  const pattern = new RegExp(
    [...byToken.keys()]
      .sort((a, b) => b.length - a.length)
      .map((t) => t.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
      .join("|"),
    "g",
  )
  const parts: InlinePart[] = []
  let at = 0
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) parts.push(text.slice(at, match.index))
    parts.push(byToken.get(match[0])!)
    at = match.index + match[0].length
  }
  if (at < text.length) parts.push(text.slice(at))
  return parts
}

/** Markup for a translated text: its tokens put back as the original markup, the text escaped. */
export function writeInline(text: string, tokens: readonly InlineToken[]): string {
  return splitInline(text, tokens)
    .map((part) => (typeof part === "string" ? escapeXmlText(part) : part.raw))
    .join("")
}
