import type { Node, ParseError } from "jsonc-parser"
import { createScanner, parseTree, printParseErrorCode } from "jsonc-parser"
import { checkDepth, checkSize, checkStrings, positionAt } from "../limits"
import type { FileLimits } from "../types"
import { FileFormatError } from "../types"

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read: its values here.
const OPEN_BRACE = 1
const OPEN_BRACKET = 3
const CLOSE_BRACE = 2
const CLOSE_BRACKET = 4
const EOF = 17

export type { Node as JsonNode } from "jsonc-parser"

/**
 * Reads strict JSON (no comments, no trailing commas) into a tree that knows where every value
 * sits, so a file can be written back by replacing only the translated strings. Refuses nesting
 * over the limit before building the tree, duplicate keys (a translation would be lost) and a
 * top level that is not an object; errors name the line and column.
 */
export function parseJsonObject(content: string, limits: FileLimits, formatName: string): Node {
  checkSize(content, limits)
  const scanner = createScanner(content, true)
  let depth = 0
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (kind === OPEN_BRACE || kind === OPEN_BRACKET) {
      depth++
      // the position is worked out only for the error: finding it is linear in the file
      if (depth > limits.maxDepth)
        checkDepth(depth, limits, positionAt(content, scanner.getTokenOffset()))
    } else if (kind === CLOSE_BRACE || kind === CLOSE_BRACKET) depth--
  }
  const errors: ParseError[] = []
  const root = parseTree(content, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  })
  const first = errors[0]
  if (first) {
    const where = positionAt(content, first.offset)
    throw new FileFormatError(
      "malformed",
      `The ${formatName} file is not valid JSON at line ${where.line}, column ${where.column}: ${describeError(printParseErrorCode(first.error))}.`,
      where,
    )
  }
  if (!root || root.type !== "object") {
    const where = positionAt(content, root?.offset ?? 0)
    throw new FileFormatError(
      "malformed",
      `The ${formatName} file must hold a JSON object at the top (line ${where.line}, column ${where.column}).`,
      where,
    )
  }
  return root
}

function describeError(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()
}

/** An object node's properties as key, key node and value node, refusing a key given twice. */
export function properties(
  object: Node,
  content: string,
): { key: string; property: Node; value: Node }[] {
  const seen = new Set<string>()
  return (object.children ?? []).map((property) => {
    const [keyNode, value] = property.children as [Node, Node]
    const key = keyNode.value as string
    if (seen.has(key)) {
      const where = positionAt(content, keyNode.offset)
      throw new FileFormatError(
        "malformed",
        `The key "${key}" appears twice in one object (line ${where.line}, column ${where.column}).`,
        where,
      )
    }
    seen.add(key)
    return { key, property, value }
  })
}

/** Joins a key path with dots; a dot or backslash inside a key is escaped with a backslash. */
export function joinKey(path: readonly string[]): string {
  return path.map((part) => part.replace(/[\\.]/g, "\\$&")).join(".")
}

export class StringCounter {
  private count = 0
  constructor(private readonly limits: FileLimits) {}
  add(): void {
    this.count++
    checkStrings(this.count, this.limits)
  }
}

export interface Edit {
  offset: number
  length: number
  text: string
}

/** Applies non-overlapping edits to `content`. */
export function applyEdits(content: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset)
  let out = ""
  let at = 0
  for (const edit of sorted) {
    out += content.slice(at, edit.offset) + edit.text
    at = edit.offset + edit.length
  }
  return out + content.slice(at)
}

/** An edit that replaces a JSON string value node with `text`, written as JSON writes strings. */
export function replaceString(node: Node, text: string): Edit {
  return { offset: node.offset, length: node.length, text: JSON.stringify(text) }
}

/** The whitespace before a node on its line (or the newline and indentation before it). */
export function leadingWhitespace(content: string, offset: number): string {
  let start = offset
  while (start > 0 && /\s/.test(content[start - 1]!)) start--
  return content.slice(start, offset)
}

/** One indentation step as the file writes it (two spaces when the file does not say). */
export function indentUnit(content: string): string {
  const match = /\n([ \t]+)\S/.exec(content)
  return match ? match[1]! : "  "
}

/** The text between a key and its value (`": "` in most files, `" : "` in Xcode's). */
export function colonStyle(content: string, root: Node): string {
  const first = root.children?.[0]
  if (!first?.children?.[1]) return ": "
  const [key, value] = first.children as [Node, Node]
  return content.slice(key.offset + key.length, value.offset)
}

/**
 * Writes a JSON value as the file writes its own: the file's indentation step and colon
 * spacing, starting at the indentation `indent` of the line it goes on.
 */
export function stringifyLike(value: unknown, indent: string, unit: string, colon: string): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value)
  const inner = indent + unit
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]"
    return `[\n${value.map((item) => inner + stringifyLike(item, inner, unit, colon)).join(",\n")}\n${indent}]`
  }
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 0) return "{}"
  return `{\n${entries
    .map(
      ([key, item]) =>
        `${inner}${JSON.stringify(key)}${colon}${stringifyLike(item, inner, unit, colon)}`,
    )
    .join(",\n")}\n${indent}}`
}

/** The indentation of the line `offset` is on. */
export function lineIndent(content: string, offset: number): string {
  const lineStart = content.lastIndexOf("\n", offset - 1) + 1
  return /^[ \t]*/.exec(content.slice(lineStart, offset))![0]
}
