import { isIcuMessage } from "../icu"
import { resolveLimits } from "../limits"
import type { FormatHandler, ParsedFile, TextUnit } from "../types"
import type { Edit, JsonNode } from "./json-tree"
import {
  applyEdits,
  joinKey,
  parseJsonObject,
  properties,
  replaceString,
  StringCounter,
} from "./json-tree"

interface JsonDocument {
  content: string
  /** Where each unit's string sits. */
  nodes: Map<string, JsonNode>
}

/**
 * Flat or nested JSON: every string value is a unit keyed by its path (`home.title`); arrays,
 * numbers, booleans and null are left as they are. Values that are ICU messages (plural, select,
 * formatted arguments) are marked `icu`. Writing replaces only the translated strings, so keys,
 * order and indentation stay exactly as in the file.
 */
export const jsonHandler: FormatHandler = {
  format: "json",
  extensions: [".json"],
  sniff: (content) => {
    const start = content.trimStart()
    return start.startsWith("{")
  },
  parse(content, options): ParsedFile {
    const limits = resolveLimits(options?.limits)
    const root = parseJsonObject(content, limits, "JSON")
    const counter = new StringCounter(limits)
    const units: TextUnit[] = []
    const nodes = new Map<string, JsonNode>()
    const visit = (object: JsonNode, path: string[]) => {
      for (const { key, value } of properties(object, content)) {
        if (value.type === "object") visit(value, [...path, key])
        else if (value.type === "string") {
          counter.add()
          const unitKey = joinKey([...path, key])
          const source = value.value as string
          nodes.set(unitKey, value)
          units.push({ key: unitKey, source, ...(isIcuMessage(source) && { icu: true }) })
        }
      }
    }
    visit(root, [])
    const document: JsonDocument = { content, nodes }
    return { format: "json", units, document }
  },
  render(file, translations) {
    const { content, nodes } = file.document as JsonDocument
    const edits: Edit[] = []
    for (const [key, node] of nodes) {
      const text = translations.get(key)?.text
      if (text !== undefined && text !== node.value) edits.push(replaceString(node, text))
    }
    return applyEdits(content, edits)
  },
}
