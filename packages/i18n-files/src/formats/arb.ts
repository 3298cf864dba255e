import { looksLikeArb } from "../detect"
import { isIcuMessage } from "../icu"
import { resolveLimits } from "../limits"
import type { FormatHandler, ParsedFile, TextUnit } from "../types"
import type { Edit, JsonNode } from "./json-tree"
import { applyEdits, parseJsonObject, properties, replaceString, StringCounter } from "./json-tree"

interface ArbDocument {
  content: string
  messages: Map<string, JsonNode>
  locale: JsonNode | undefined
}

/**
 * Flutter ARB: each top-level string whose key does not start with `@` is an ICU message; its
 * `@key` metadata (description, placeholders) and the file's `@@x-…` entries are kept as written,
 * the description given to translators as the note. Written for a target language, `@@locale`
 * names the target.
 */
export const arbHandler: FormatHandler = {
  format: "arb",
  extensions: [".arb", ".json"],
  sniff: looksLikeArb,
  parse(content, options): ParsedFile {
    const limits = resolveLimits(options?.limits)
    const root = parseJsonObject(content, limits, "ARB")
    const counter = new StringCounter(limits)
    const entries = properties(root, content)
    const metadata = new Map(
      entries.filter(({ key }) => key.startsWith("@")).map((entry) => [entry.key, entry.value]),
    )
    const units: TextUnit[] = []
    const messages = new Map<string, JsonNode>()
    for (const { key, value } of entries) {
      if (key.startsWith("@") || value.type !== "string") continue
      counter.add()
      const source = value.value as string
      messages.set(key, value)
      const note = description(metadata.get(`@${key}`), content)
      units.push({
        key,
        source,
        ...(isIcuMessage(source) && { icu: true }),
        ...(note !== undefined && { note }),
      })
    }
    const locale = metadata.get("@@locale")
    const document: ArbDocument = {
      content,
      messages,
      locale: locale?.type === "string" ? locale : undefined,
    }
    return {
      format: "arb",
      units,
      document,
      ...(document.locale && { sourceLanguage: document.locale.value as string }),
    }
  },
  render(file, translations, options) {
    const { content, messages, locale } = file.document as ArbDocument
    const edits: Edit[] = []
    for (const [key, node] of messages) {
      const text = translations.get(key)?.text
      if (text !== undefined && text !== node.value) edits.push(replaceString(node, text))
    }
    if (locale && locale.value !== options.targetLanguage)
      edits.push(replaceString(locale, options.targetLanguage))
    return applyEdits(content, edits)
  },
}

function description(meta: JsonNode | undefined, content: string): string | undefined {
  if (meta?.type !== "object") return undefined
  const found = properties(meta, content).find(({ key }) => key === "description")
  return found?.value.type === "string" ? (found.value.value as string) : undefined
}
