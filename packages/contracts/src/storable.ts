import type { core } from "zod"

/**
 * Input PostgreSQL cannot store. `text` refuses U+0000, and `jsonb` also refuses an unpaired
 * UTF-16 surrogate (JSON.stringify writes it as `\ud800`, which jsonb will not read), so a value
 * holding either passes validation and then fails in the database. Nesting is bounded too: a
 * thousands-deep JSON value parses, but every recursive walk over it (JSON.stringify, zod, jsonb)
 * can overflow the stack.
 */
export const JSON_DEPTH_MAX = 64

export type UnstorableProblem = "nul" | "surrogate" | "depth"
export type Unstorable = { path: (string | number)[]; problem: UnstorableProblem }

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Which problem, if any, keeps `text` out of a PostgreSQL text or jsonb column. */
export function textProblem(text: string): "nul" | "surrogate" | null {
  if (text.includes("\0")) return "nul"
  if (UNPAIRED_SURROGATE.test(text)) return "surrogate"
  return null
}

/**
 * The first string (value or object key) PostgreSQL cannot store, or the first place nested
 * deeper than `maxDepth`, in a parsed JSON value; null when all of it can be stored. The walk
 * stops at `maxDepth`, so it is safe on any value JSON.parse returns.
 */
export function findUnstorable(value: unknown, maxDepth = JSON_DEPTH_MAX): Unstorable | null {
  return walk(value, [], maxDepth)
}

function walk(value: unknown, path: (string | number)[], depthLeft: number): Unstorable | null {
  if (typeof value === "string") {
    const problem = textProblem(value)
    return problem ? { path, problem } : null
  }
  if (typeof value !== "object" || value === null) return null
  if (depthLeft <= 0) return { path, problem: "depth" }
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value)
  for (const [key, item] of entries) {
    const keyProblem = typeof key === "string" ? textProblem(key) : null
    if (keyProblem) return { path: [...path, key], problem: keyProblem }
    const found = walk(item, [...path, key], depthLeft - 1)
    if (found) return found
  }
  return null
}

/** A sentence for a client: what is wrong, and where when it is inside a field. */
export function unstorableMessage(found: Unstorable, maxDepth = JSON_DEPTH_MAX): string {
  const where = found.path.length ? `${found.path.map(printable).join(".")}: ` : ""
  switch (found.problem) {
    case "nul":
      return `${where}text cannot contain the NUL character (\\u0000)`
    case "surrogate":
      return `${where}text cannot contain an unpaired surrogate (invalid Unicode)`
    case "depth":
      return `${where}JSON is nested more than ${maxDepth} levels deep`
  }
}

/** A path segment as it can be shown: a hostile key is cut short and made printable. */
function printable(segment: string | number): string {
  return String(segment)
    .slice(0, 60)
    .replace(/\0/g, "\\u0000")
    .replace(/[\uD800-\uDFFF]/g, "\uFFFD")
}

/**
 * A zod check for a whole request schema: refuses any string field PostgreSQL cannot store, so
 * one line per schema covers every field, present and future.
 */
export function refuseUnstorable<T>(value: T, ctx: core.$RefinementCtx<T>) {
  const found = findUnstorable(value)
  if (found)
    ctx.addIssue({
      code: "custom",
      path: found.path,
      message: unstorableMessage({ ...found, path: [] }),
    })
}
