import type { FileFormat } from "./types"

const BY_EXTENSION: Record<string, FileFormat> = {
  ".arb": "arb",
  ".xcstrings": "xcstrings",
  ".xlf": "xliff",
  ".xliff": "xliff",
  ".po": "po",
  ".pot": "po",
  ".strings": "strings",
  ".stringsdict": "stringsdict",
  ".yml": "yaml",
  ".yaml": "yaml",
  ".csv": "csv",
}

/**
 * Which format a file is: by its name's extension, and by its content where the extension is
 * shared (`.json`: JSON, i18next, ARB, String Catalog; `.xml`: Android resources or XLIFF) or
 * missing. Null when neither says.
 */
export function detectFormat(filename: string, content: string): FileFormat | null {
  const name = filename.toLowerCase()
  const extension = name.includes(".") ? name.slice(name.lastIndexOf(".")) : ""
  const known = BY_EXTENSION[extension]
  if (known) return known
  if (extension === ".json") return sniffJson(content) ?? "json"
  if (extension === ".xml") return sniffXml(content)
  return sniffJson(content) ?? sniffXml(content) ?? sniffText(content)
}

let cached: { content: string; value: unknown } | undefined

/** The JSON value of `content`, or undefined; the last answer is kept as handlers sniff in turn. */
export function jsonValue(content: string): unknown {
  if (cached?.content !== content) {
    let value: unknown
    try {
      value = JSON.parse(content)
    } catch {
      value = undefined
    }
    cached = { content, value }
  }
  return cached.value
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/** A String Catalog: `sourceLanguage` and a `strings` object. */
export function looksLikeXcstrings(content: string): boolean {
  const value = jsonValue(content)
  return isObject(value) && typeof value.sourceLanguage === "string" && isObject(value.strings)
}

/** An ARB file: `@@locale` or `@key` metadata objects beside string values. */
export function looksLikeArb(content: string): boolean {
  const value = jsonValue(content)
  if (!isObject(value)) return false
  return Object.entries(value).some(
    ([key, entry]) =>
      (key === "@@locale" && typeof entry === "string") ||
      (key.startsWith("@") &&
        !key.startsWith("@@") &&
        isObject(entry) &&
        typeof value[key.slice(1)] === "string"),
  )
}

const I18NEXT_SUFFIX = /_(?:ordinal_)?(?:zero|one|two|few|many|other)$/

/** i18next v4: some key ends in a plural suffix and its `_other` sibling exists. */
export function looksLikeI18next(content: string): boolean {
  const value = jsonValue(content)
  if (!isObject(value)) return false
  const visit = (object: Record<string, unknown>, depth: number): boolean =>
    depth < 64 &&
    Object.entries(object).some(([key, entry]) => {
      if (isObject(entry)) return visit(entry, depth + 1)
      if (typeof entry !== "string" || !I18NEXT_SUFFIX.test(key)) return false
      const base = key.replace(I18NEXT_SUFFIX, "")
      return `${base}_other` in object || `${base}_ordinal_other` in object
    })
  return visit(value, 0)
}

function sniffJson(content: string): FileFormat | null {
  if (!isObject(jsonValue(content))) return null
  if (looksLikeXcstrings(content)) return "xcstrings"
  if (looksLikeArb(content)) return "arb"
  if (looksLikeI18next(content)) return "i18next"
  return "json"
}

function sniffXml(content: string): FileFormat | null {
  const head = content.slice(0, 4096)
  if (/<resources[\s>/]/.test(head)) return "android"
  if (/<xliff[\s>]/.test(head)) return "xliff"
  if (/<plist[\s>]/.test(head)) return "stringsdict"
  return null
}

function sniffText(content: string): FileFormat | null {
  if (/^\s*msgid\s+"/m.test(content) && /^\s*msgstr(?:\[\d+\])?\s+"/m.test(content)) return "po"
  if (/^\s*"(?:[^"\\]|\\.)*"\s*=\s*"(?:[^"\\]|\\.)*"\s*;/m.test(content)) return "strings"
  return null
}
