/**
 * Values written into SQL text, for the simple query protocol (which takes no bound parameters).
 * Every value becomes an untyped string literal (`'42'`, `'{a,b}'`), which Postgres resolves from
 * context exactly as it resolves an untyped bound parameter; NULL stays NULL.
 */

/** Postgres' own answer to text holding NUL, raised before the text is sent. */
export class SqlValueError extends Error {
  readonly code = "22021"
  constructor() {
    super('invalid byte sequence for encoding "UTF8": 0x00')
  }
}

/**
 * A compiled statement's text with each `$n` placeholder replaced by its value's literal.
 * Placeholders are only recognised outside quoted literals and identifiers.
 */
export function inlineParameters(text: string, parameters: readonly unknown[]): string {
  let out = ""
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === "'" || c === '"') {
      const end = closingQuote(text, i)
      out += text.slice(i, end)
      i = end
    } else if (c === "$" && isDigit(text.charCodeAt(i + 1))) {
      let end = i + 1
      while (isDigit(text.charCodeAt(end))) end++
      const index = Number(text.slice(i + 1, end)) - 1
      if (index < 0 || index >= parameters.length)
        throw new Error(`placeholder ${text.slice(i, end)} has no parameter`)
      out += literal(parameters[index])
      i = end
    } else {
      out += c
      i++
    }
  }
  return out
}

/** The index just past the quoted run starting at `start` (a doubled quote stays inside it). */
function closingQuote(text: string, start: number): number {
  const quote = text[start]
  let i = start + 1
  for (;;) {
    const next = text.indexOf(quote!, i)
    if (next === -1) throw new Error("unterminated quote in compiled SQL")
    if (text[next + 1] !== quote) return next + 1
    i = next + 2
  }
}

function isDigit(code: number) {
  return code >= 48 && code <= 57
}

/** A value as node-postgres would send it, written as a quoted literal. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL"
  return quote(asText(value))
}

function asText(value: unknown): string {
  if (typeof value === "string") return value
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean")
    return String(value)
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return arrayText(value)
  return JSON.stringify(value)
}

/** Postgres' array input syntax: `{"a","b",NULL}` with `"` and `\` escaped in each element. */
function arrayText(values: readonly unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return "NULL"
    if (Array.isArray(v)) return arrayText(v)
    return `"${asText(v).replace(/[\\"]/g, "\\$&")}"`
  })
  return `{${items.join(",")}}`
}

/**
 * A string literal Postgres reads back unchanged whatever `standard_conforming_strings` says:
 * quotes doubled, and an E'' literal with doubled backslashes when there is a backslash.
 */
function quote(text: string): string {
  // Text cannot hold NUL, and the wire message ends at one: refuse it as Postgres refuses it.
  if (text.includes("\0")) throw new SqlValueError()
  const body = text.replace(/'/g, "''")
  return text.includes("\\") ? `E'${body.replace(/\\/g, "\\\\")}'` : `'${body}'`
}
