/**
 * Parts of a text that no engine or translator may change: placeholders filled in by the
 * customer's software (printf, Python, Ruby, ICU, i18next, template literals…), markup, links and
 * addresses. The offline engine leaves them untouched; model answers and translated files are
 * checked against them.
 */
export type ProtectedKind = "placeholder" | "tag" | "url" | "email" | "entity"

export type ProtectedToken = { kind: ProtectedKind; text: string; start: number; end: number }

/**
 * How an ICU `#` (the plural count) travels in a segment's plain text: a brace placeholder every
 * engine keeps. ICU literal text cannot hold it unquoted, so it never clashes with source text.
 */
export const ICU_POUND_TOKEN = "{#}"

/**
 * Punctuation that ends a link: CJK punctuation (、。「」『』【】〜, not the marks 々 〆 〇), fullwidth and
 * halfwidth forms' punctuation (！（），：；？｡｢｣､), vertical and small forms, and curly quotes.
 * Chinese and Japanese put no space after a link, so a link stops at the first of them, which a
 * link never holds unencoded; letters of every script (`/wiki/東京`) stay part of it.
 */
const CJK_PUNCTUATION = String.raw`\u2018-\u201f\u2026\u3000-\u3004\u3008-\u3020\u3030\u303d-\u303f\ufe10-\ufe1f\ufe30-\ufe6f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65`

// Every pattern runs in linear time on hostile input: no two adjacent parts can match the same
// characters with unbounded repetition (a file may hold a megabyte-long string).
const PATTERNS: [ProtectedKind, string][] = [
  ["tag", String.raw`<!--[\s\S]*?-->`],
  ["tag", String.raw`<!\[CDATA\[[\s\S]*?\]\]>`],
  // Ruby format references: %<name>s (before tags, which would take <name>)
  ["placeholder", String.raw`%<[\p{L}\p{N}_]+>[-+#0]{0,4}\d{0,4}(?:\.\d{1,4})?[diouxXeEfFgGcrs]`],
  ["tag", String.raw`<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>`],
  // react-i18next's numbered components: <0>, </0>, <1/>
  ["tag", String.raw`<\/?\d+\s*\/?>`],
  ["url", String.raw`(?:https?|ftp):\/\/[^\s<>"'{}|\\^\x60${CJK_PUNCTUATION}]+`],
  [
    "url",
    String.raw`(?<![\p{L}\p{N}@.])www\.[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+[^\s<>"'{}|\\^\x60${CJK_PUNCTUATION}]*`,
  ],
  [
    "email",
    String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+`,
  ],
  // i18next nesting: $t(key), $t(key, {"count": {{count}}})
  ["placeholder", String.raw`\$t\([^()\n]*\)`],
  // {{x}}, {{{x}}}, {{ user.name }}
  ["placeholder", String.raw`\{\{\{?[^{}\n]+\}\}\}?`],
  // ${value}
  ["placeholder", String.raw`\$\{[^{}\n]+\}`],
  // Ruby/Rails interpolation: %{name}
  ["placeholder", String.raw`%\{[\p{L}\p{N}_]+\}`],
  // the ICU plural count, as segments carry it
  ["placeholder", String.raw`\{#\}`],
  // {name}, {0}, {}, {count:>5}, {amount, number}, {d, date, short}
  ["placeholder", String.raw`\{(?:[\p{L}\p{N}_$][\p{L}\p{N}_.$-]*(?:[:,][^{}\n]*)?)?\}`],
  // %(name)s
  ["placeholder", String.raw`%\([\p{L}\p{N}_]+\)[-+#0]{0,4}\d{0,4}(?:\.\d{1,4})?[diouxXeEfFgGcrs]`],
  // iOS stringsdict variables: %#@files@, %1$#@files@ (before printf, which would take %#@)
  ["placeholder", String.raw`(?<![\p{N}%])%(?:\d{1,3}\$)?#@[\p{L}\p{N}_]+@`],
  // printf: %s, %d, %1$d, %.2f, %@, %1$@ — not after a digit, so "50% off" stays text
  [
    "placeholder",
    String.raw`(?<![\p{N}%])%(?:\d{1,3}\$)?[-+#0']{0,4}(?:\d{1,4}|\*)?(?:\.(?:\d{1,4}|\*))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcspn@]`,
  ],
  ["entity", String.raw`&(?:[A-Za-z][A-Za-z0-9]{1,31}|#\d{1,7}|#[xX][0-9A-Fa-f]{1,6});`],
]

const COMBINED = new RegExp(PATTERNS.map(([, source]) => `(${source})`).join("|"), "gu")

/** Every protected token in `text`, in order, without overlaps. */
export function findProtectedTokens(text: string): ProtectedToken[] {
  const tokens: ProtectedToken[] = []
  for (const match of text.matchAll(COMBINED)) {
    const group = match.findIndex((value, i) => i > 0 && value !== undefined)
    const kind = PATTERNS[group - 1]![0]
    let token = match[0]
    if (kind === "url") token = trimUrl(token)
    tokens.push({ kind, text: token, start: match.index, end: match.index + token.length })
  }
  return tokens
}

/** Sentence punctuation after a link is not part of it; a closing parenthesis is only when paired. */
function trimUrl(url: string): string {
  const open = count(url, "(")
  let close = count(url, ")")
  let end = url.length
  for (;;) {
    const last = url[end - 1]
    if (last && ".,;:!?'\"*".includes(last)) end--
    else if (last === ")" && open < close) {
      end--
      close--
    } else return url.slice(0, end)
  }
}

function count(text: string, char: string) {
  return text.split(char).length - 1
}

/** How often each protected token occurs in `text`, with its kind. */
export function countPlaceholders(
  text: string,
): Map<string, { kind: ProtectedKind; count: number }> {
  const counts = new Map<string, { kind: ProtectedKind; count: number }>()
  for (const { kind, text: token } of findProtectedTokens(text)) {
    const seen = counts.get(token)
    if (seen) seen.count++
    else counts.set(token, { kind, count: 1 })
  }
  return counts
}

export interface PlaceholderMismatch {
  /** The token as written, e.g. `{name}`, `%1$s`, `<b>`. */
  token: string
  kind: ProtectedKind
  /** `missing`: fewer than in the source; `extra`: more than in the source, or not in it at all. */
  problem: "missing" | "extra"
  source: number
  target: number
}

/**
 * Compares a translation's protected tokens with its source's. Placeholders and tags must appear
 * exactly as often as in the source (in any order); links, addresses and entities must not be
 * lost (a translation may add one). A changed placeholder (`{name}` → `{nom}`) shows as one
 * missing and one extra.
 */
export function comparePlaceholders(source: string, target: string): PlaceholderMismatch[] {
  const sent = countPlaceholders(source)
  const received = countPlaceholders(target)
  const mismatches: PlaceholderMismatch[] = []
  const strict = (kind: ProtectedKind) => kind === "placeholder" || kind === "tag"
  for (const [token, { kind, count: expected }] of sent) {
    const got = received.get(token)?.count ?? 0
    if (got < expected)
      mismatches.push({ token, kind, problem: "missing", source: expected, target: got })
    else if (got > expected && strict(kind))
      mismatches.push({ token, kind, problem: "extra", source: expected, target: got })
  }
  for (const [token, { kind, count: got }] of received)
    if (!sent.has(token) && strict(kind))
      mismatches.push({ token, kind, problem: "extra", source: 0, target: got })
  return mismatches
}

/** One sentence per mismatch, e.g. `placeholder {name} is missing`. */
export function describePlaceholderMismatch(mismatch: PlaceholderMismatch): string {
  const { token, kind, problem, source, target } = mismatch
  if (problem === "missing")
    return target === 0
      ? `${kind} ${token} is missing`
      : `${kind} ${token} appears ${target} times instead of ${source}`
  return source === 0
    ? `unexpected ${kind} ${token}`
    : `${kind} ${token} appears ${target} times instead of ${source}`
}
