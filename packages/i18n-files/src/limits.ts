import type { FileLimits } from "./types"
import { DEFAULT_LIMITS, FileFormatError } from "./types"

export function resolveLimits(limits?: Partial<FileLimits>): FileLimits {
  return { ...DEFAULT_LIMITS, ...limits }
}

/** Refuses a file over `maxChars` before any parser sees it. */
export function checkSize(content: string, limits: FileLimits): void {
  if (content.length > limits.maxChars)
    throw new FileFormatError(
      "too_large",
      `The file has ${content.length} characters; at most ${limits.maxChars} are accepted.`,
    )
}

export function checkDepth(
  depth: number,
  limits: FileLimits,
  where?: { line?: number; column?: number },
): void {
  if (depth > limits.maxDepth)
    throw new FileFormatError(
      "too_deep",
      `The file nests deeper than ${limits.maxDepth} levels.`,
      where,
    )
}

export function checkStrings(count: number, limits: FileLimits): void {
  if (count > limits.maxStrings)
    throw new FileFormatError(
      "too_many_strings",
      `The file has more than ${limits.maxStrings} strings.`,
    )
}

/** The 1-based line and column of a character offset. */
export function positionAt(content: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = content.indexOf("\n"); i !== -1 && i < offset; i = content.indexOf("\n", i + 1)) {
    line++
    lineStart = i + 1
  }
  return { line, column: offset - lineStart + 1 }
}
