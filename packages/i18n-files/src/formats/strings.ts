/**
 * iOS/macOS `.strings` (`"key" = "value";`). npm has no maintained parser that keeps a file's
 * layout (i18n-strings-files regenerates the whole file from a regex read; strings-file is
 * unmaintained), so this is a small tokenizer of the format's old-style property-list subset:
 * quoted and unquoted strings, `/* … *\/` and `//` comments, the escapes `\"` `\\` `\n` `\t` `\r`
 * `\UXXXX` and octal. Translations replace only the value tokens; everything else stays as written.
 * The comment just before an entry is its note. UTF-16 files arrive already decoded.
 */
import {
  DEFAULT_LIMITS,
  FileFormatError,
  type FormatHandler,
  type ParsedFile,
  type TextUnit,
  type Translation,
} from "../types"

interface StringsEntry {
  key: string
  /** Range of the value token, quotes included. */
  start: number
  end: number
}

interface StringsDocument {
  content: string
  entries: StringsEntry[]
}

type Token =
  | { kind: "string"; text: string; start: number; end: number }
  | { kind: "comment"; text: string; start: number; end: number }
  | { kind: "punct"; text: "=" | ";"; start: number; end: number }

export const stringsHandler: FormatHandler = {
  format: "strings",
  extensions: [".strings"],
  sniff: (content) =>
    /^\s*(\/[*/][\s\S]*?)?\s*"(?:[^"\\]|\\.)*"\s*=\s*"/.test(content.slice(0, 4096)),
  parse: parseStrings,
  render: renderStrings,
}

function parseStrings(
  content: string,
  options: Parameters<FormatHandler["parse"]>[1] = {},
): ParsedFile {
  const limits = { ...DEFAULT_LIMITS, ...options.limits }
  if (content.length > limits.maxChars) {
    throw new FileFormatError("too_large", `The file has over ${limits.maxChars} characters.`)
  }
  const body = content.startsWith("\uFEFF") ? 1 : 0
  const tokens = tokenize(content, body)
  const units: TextUnit[] = []
  const entries: StringsEntry[] = []
  const seen = new Set<string>()
  let note: string | undefined
  let i = 0
  const expect = (what: string, ok: (token: Token | undefined) => boolean): Token => {
    const token = tokens[i]
    if (!ok(token)) fail(content, token ? token.start : content.length, `expected ${what}`)
    i++
    return token!
  }
  while (i < tokens.length) {
    const token = tokens[i]!
    if (token.kind === "comment") {
      // Xcode's section marks are not notes
      note = /^MARK:/.test(token.text) ? undefined : token.text
      i++
      continue
    }
    const key = expect("a quoted key", (t) => t?.kind === "string") as Token & { kind: "string" }
    let value = key
    if (tokens[i]?.text === "=") {
      i++
      value = expect("a value", (t) => t?.kind === "string") as typeof key
    }
    expect('";"', (t) => t?.kind === "punct" && t.text === ";")
    if (seen.has(key.text)) fail(content, key.start, `the key "${key.text}" appears twice`)
    seen.add(key.text)
    if (units.length >= limits.maxStrings) {
      throw new FileFormatError(
        "too_many_strings",
        `The file has over ${limits.maxStrings} strings.`,
      )
    }
    units.push(
      note ? { key: key.text, source: value.text, note } : { key: key.text, source: value.text },
    )
    entries.push({ key: key.text, start: value.start, end: value.end })
    note = undefined
  }
  const document: StringsDocument = { content, entries }
  return { format: "strings", units, document }
}

const UNQUOTED = /[A-Za-z0-9_$+/:.-]/

function tokenize(content: string, from: number): Token[] {
  const tokens: Token[] = []
  let i = from
  while (i < content.length) {
    const ch = content[i]!
    const start = i
    if (/\s/.test(ch)) {
      i++
    } else if (content.startsWith("/*", i)) {
      const close = content.indexOf("*/", i + 2)
      if (close < 0) fail(content, i, "the comment is not closed")
      i = close + 2
      tokens.push({ kind: "comment", text: content.slice(start + 2, close).trim(), start, end: i })
    } else if (content.startsWith("//", i)) {
      const newline = content.indexOf("\n", i)
      i = newline < 0 ? content.length : newline
      tokens.push({ kind: "comment", text: content.slice(start + 2, i).trim(), start, end: i })
    } else if (ch === "=" || ch === ";") {
      i++
      tokens.push({ kind: "punct", text: ch, start, end: i })
    } else if (ch === '"') {
      const [text, end] = readQuoted(content, i)
      i = end
      tokens.push({ kind: "string", text, start, end })
    } else if (UNQUOTED.test(ch)) {
      while (i < content.length && UNQUOTED.test(content[i]!)) i++
      tokens.push({ kind: "string", text: content.slice(start, i), start, end: i })
    } else {
      fail(content, i, `unexpected "${ch}"`)
    }
  }
  return tokens
}

const SIMPLE_ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
}

/** A quoted string's text and the offset after its closing quote. */
function readQuoted(content: string, open: number): [string, number] {
  let text = ""
  let i = open + 1
  while (i < content.length) {
    const ch = content[i]!
    if (ch === '"') return [text, i + 1]
    if (ch !== "\\") {
      text += ch
      i++
      continue
    }
    const next = content[i + 1]
    if (next === undefined) break
    const hex = /^[Uu]([0-9a-fA-F]{4})/.exec(content.slice(i + 1, i + 6))
    const octal = /^[0-7]{1,3}/.exec(content.slice(i + 1, i + 4))
    if (hex) {
      text += String.fromCharCode(parseInt(hex[1]!, 16))
      i += 6
    } else if (octal) {
      text += String.fromCharCode(parseInt(octal[0], 8))
      i += 1 + octal[0].length
    } else {
      text += SIMPLE_ESCAPES[next] ?? next
      i += 2
    }
  }
  return fail(content, open, "the string is not closed")
}

function fail(content: string, offset: number, message: string): never {
  const before = content.slice(0, offset)
  const line = before.split("\n").length
  const column = offset - before.lastIndexOf("\n")
  throw new FileFormatError(
    "malformed",
    `The .strings file does not parse: ${message} (line ${line}, column ${column}).`,
    { line, column },
  )
}

/** A quoted .strings value for any text. */
function quoteStrings(text: string): string {
  let out = '"'
  for (const ch of text) {
    const code = ch.codePointAt(0)!
    if (ch === '"' || ch === "\\") out += `\\${ch}`
    else if (ch === "\n") out += "\\n"
    else if (ch === "\t") out += "\\t"
    else if (ch === "\r") out += "\\r"
    else if (code < 0x20 || code === 0x7f) out += `\\U${code.toString(16).padStart(4, "0")}`
    else out += ch
  }
  return `${out}"`
}

function renderStrings(file: ParsedFile, translations: ReadonlyMap<string, Translation>): string {
  const { content, entries } = file.document as StringsDocument
  let out = ""
  let at = 0
  for (const entry of entries) {
    const text = translations.get(entry.key)?.text
    if (text === undefined) continue
    out += content.slice(at, entry.start) + quoteStrings(text)
    at = entry.end
  }
  return out + content.slice(at)
}
