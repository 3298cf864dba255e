import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser"
import { parse, TYPE } from "@formatjs/icu-messageformat-parser"
import { doPrintAST } from "@formatjs/icu-messageformat-parser/printer.js"

export type { MessageFormatElement } from "@formatjs/icu-messageformat-parser"
export { TYPE as IcuType } from "@formatjs/icu-messageformat-parser"

/** A parsed ICU message, with whether `<tag>` was read as markup (react-intl) or as text. */
export interface IcuMessage {
  ast: MessageFormatElement[]
  tags: boolean
}

/**
 * Reads an ICU MessageFormat message. Tags are read as markup (as react-intl and FormatJS do)
 * when they are well formed; a message with HTML that is not (attributes, `<br>`) is read with
 * tags as text. `tags` forces one reading. Throws the parser's SyntaxError when neither reads.
 */
export function parseIcu(message: string, tags?: boolean, requiresOtherClause = true): IcuMessage {
  const read = (ignoreTag: boolean) =>
    parse(message, { ignoreTag, requiresOtherClause, captureEscapes: true })
  if (tags === false) return { ast: read(true), tags: false }
  try {
    return { ast: readTags(message, requiresOtherClause), tags: true }
  } catch (error) {
    if (tags === true) throw error
    return { ast: read(true), tags: false }
  }
}

/**
 * Reads with tags as markup. The parser reads a self-closing tag (`<x1/>`, `<br />`) as literal
 * text, written without its spaces; it is given back as the source wrote it, so a message prints
 * with the same tags as its source.
 */
function readTags(message: string, requiresOtherClause: boolean): MessageFormatElement[] {
  const selfClosing = message.includes("/>")
  const ast = parse(message, {
    requiresOtherClause,
    captureEscapes: true,
    captureLocation: selfClosing,
  })
  if (!selfClosing) return ast
  const visit = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.literal) {
        if (el.rawValue === undefined && el.location && SELF_CLOSING_TAG.test(el.value))
          el.value = message.slice(el.location.start.offset, el.location.end.offset)
      } else if (el.type === TYPE.tag) visit(el.children)
      else if (el.type === TYPE.plural || el.type === TYPE.select)
        for (const option of Object.values(el.options)) visit(option.value)
    }
  }
  visit(ast)
  return ast
}

const SELF_CLOSING_TAG = /^<[A-Za-z][^<>]*\/>$/

/** `parseIcu`, or null when the text is not a well-formed ICU message. */
export function tryParseIcu(message: string, tags?: boolean): IcuMessage | null {
  try {
    return parseIcu(message, tags)
  } catch {
    return null
  }
}

/**
 * Whether a file's value should be handled as ICU: it parses and uses what only ICU has (plural,
 * select, selectordinal, or a number/date/time format). A text whose only braces are `{name}` is
 * left as plain text, where placeholders protect it just as well and apostrophes stay literal.
 */
export function isIcuMessage(text: string): boolean {
  if (!text.includes("{")) return false
  const message = tryParseIcu(text)
  return message !== null && hasIcuFeatures(message.ast) && withinNesting(message.ast)
}

/**
 * The deepest plural/select nesting handled as ICU. Each level multiplies the branches a target
 * language gets (Arabic: 6 categories), so a hostile message nested ten deep would be written
 * with millions of branches; real messages nest two or three deep.
 */
export const MAX_ICU_NESTING = 4

/** Whether no plural or select sits more than `MAX_ICU_NESTING` deep. */
export function withinNesting(elements: MessageFormatElement[], depth = 0): boolean {
  return elements.every((el) => {
    if (el.type === TYPE.plural || el.type === TYPE.select)
      return (
        depth < MAX_ICU_NESTING &&
        Object.values(el.options).every((option) => withinNesting(option.value, depth + 1))
      )
    if (el.type === TYPE.tag) return withinNesting(el.children, depth)
    return true
  })
}

function hasIcuFeatures(elements: MessageFormatElement[]): boolean {
  return elements.some(
    (el) =>
      el.type === TYPE.plural ||
      el.type === TYPE.select ||
      el.type === TYPE.number ||
      el.type === TYPE.date ||
      el.type === TYPE.time ||
      (el.type === TYPE.tag && hasIcuFeatures(el.children)),
  )
}

/** Every argument the message uses, with its type (`argument`, `plural`, `select`, `number`…). */
export function icuArguments(elements: MessageFormatElement[]): Map<string, string> {
  const found = new Map<string, string>()
  const visit = (list: MessageFormatElement[]) => {
    for (const el of list) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue
      if (el.type === TYPE.tag) {
        visit(el.children)
        continue
      }
      found.set(el.value, argumentType(el))
      if (el.type === TYPE.plural || el.type === TYPE.select)
        for (const option of Object.values(el.options)) visit(option.value)
    }
  }
  visit(elements)
  return found
}

export function argumentType(el: MessageFormatElement): string {
  if (el.type === TYPE.plural) return el.pluralType === "ordinal" ? "selectordinal" : "plural"
  return TYPE[el.type]
}

/** Prints elements as the source wrote them (escapes kept as written where the parser captured them). */
export function printElements(elements: MessageFormatElement[], inPlural: boolean): string {
  return doPrintAST(elements, inPlural, false)
}

/**
 * Writes plain text as ICU literal text that reads back as exactly `text`: `{`, `}` (and `#` in a
 * plural branch, `<tag` when tags are markup) are quoted, and an apostrophe is doubled only where
 * ICU would otherwise read it as the start of a quote, so `l'application` stays as written. A
 * self-closing tag (`<x1/>`, `<br />`) is left as written: read with tags as markup it is literal
 * text already, so other readers of the file see the tag rather than `'<'x1/>`.
 */
export function escapeIcuLiteral(
  text: string,
  options: { inPlural: boolean; tags: boolean },
): string {
  const special = (i: number) => {
    const ch = text[i]
    if (ch === "{" || ch === "}") return true
    if (ch === "#") return options.inPlural
    if (ch === "<" && options.tags)
      return /[A-Za-z/]/.test(text[i + 1] ?? "") && !isSelfClosingTagAt(text, i)
    return false
  }
  let out = ""
  let i = 0
  while (i < text.length) {
    if (special(i)) {
      // a quoted run: the syntax characters and any apostrophes around them (doubled inside),
      // so an apostrophe never sits just after the closing quote where ICU would read it as one
      let quoted = ""
      while (i < text.length && (special(i) || text[i] === "'")) {
        quoted += text[i]
        i++
      }
      out += `'${quoted.replaceAll("'", "''")}'`
      continue
    }
    const ch = text[i]!
    if (ch === "'") {
      const next = text[i + 1]
      // "''" is one apostrophe; a lone one before a syntax character, another apostrophe or the
      // end (what follows may be an argument) would open a quote
      out += next === undefined || "'{}<>#|".includes(next) ? "''" : "'"
    } else out += ch
    i++
  }
  return out
}

// What the parser reads as a self-closing tag: an ASCII letter, name characters (a subset of the
// parser's), the parser's white space, `/>`. Linear: a name never holds `<`, so each `<` is
// looked at up to the next one at most.
const SELF_CLOSING_TAG_AT = /<[A-Za-z][A-Za-z0-9._-]*[ \t\n\r]*\/>/y

function isSelfClosingTagAt(text: string, at: number): boolean {
  SELF_CLOSING_TAG_AT.lastIndex = at
  return SELF_CLOSING_TAG_AT.test(text)
}
