/**
 * Parts of a text that no engine may change: placeholders filled in by the customer's software,
 * markup, links and addresses. The offline engine leaves them untouched; model answers are checked
 * against them.
 */
export type ProtectedKind = "placeholder" | "tag" | "url" | "email" | "entity"

export type ProtectedToken = { kind: ProtectedKind; text: string; start: number; end: number }

const PATTERNS: [ProtectedKind, string][] = [
  ["tag", String.raw`<!--[\s\S]*?-->`],
  ["tag", String.raw`<!\[CDATA\[[\s\S]*?\]\]>`],
  ["tag", String.raw`<\/?[A-Za-z][\w:.-]*(?:\s+[^<>]*?)?\s*\/?>`],
  ["url", String.raw`(?:https?|ftp):\/\/[^\s<>"'{}|\\^\x60]+`],
  [
    "url",
    String.raw`(?<![\p{L}\p{N}@.])www\.[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+[^\s<>"'{}|\\^\x60]*`,
  ],
  [
    "email",
    String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+`,
  ],
  // {{x}}, {{{x}}}, {{ user.name }}
  ["placeholder", String.raw`\{\{\{?[^{}\n]+\}\}\}?`],
  // ${value}
  ["placeholder", String.raw`\$\{[^{}\n]+\}`],
  // {name}, {0}, {}, {count:>5}, {amount, number}
  ["placeholder", String.raw`\{(?:[\p{L}\p{N}_$][\p{L}\p{N}_.$-]*(?:[:,][^{}\n]*)?)?\}`],
  // %(name)s
  ["placeholder", String.raw`%\([\p{L}\p{N}_]+\)[-+#0]*\d*(?:\.\d+)?[diouxXeEfFgGcrs]`],
  // printf: %s, %d, %1$d, %.2f, %@ — not after a digit, so "50% off" stays text
  [
    "placeholder",
    String.raw`(?<![\p{N}%])%(?:\d+\$)?[-+#0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcspn@]`,
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
  let end = url.length
  for (;;) {
    const last = url[end - 1]
    if (last && ".,;:!?'\"*".includes(last)) end--
    else if (last === ")" && count(url.slice(0, end), "(") < count(url.slice(0, end), ")")) end--
    else return url.slice(0, end)
  }
}

function count(text: string, char: string) {
  return text.split(char).length - 1
}
