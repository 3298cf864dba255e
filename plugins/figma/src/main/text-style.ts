import type { FontLoader } from "./fonts"

/** The styles a run keeps: font (bold, italic), size, colour and underline or strikethrough. */
export const RUN_FIELDS = ["fontName", "fontSize", "fills", "textDecoration"] as const
export type Run = Pick<
  StyledTextSegment,
  "characters" | "start" | "end" | "fontName" | "fontSize" | "fills" | "textDecoration"
>

export function runsOf(node: TextNode): Run[] {
  return node.getStyledTextSegments([...RUN_FIELDS])
}

function style(node: TextNode, start: number, end: number, run: Run) {
  if (start >= end) return
  node.setRangeFontName(start, end, run.fontName)
  node.setRangeFontSize(start, end, run.fontSize)
  node.setRangeFills(start, end, run.fills)
  node.setRangeTextDecoration(start, end, run.textDecoration)
}

/**
 * Writes `text` into a layer whose text was styled as `runs`. The whole text takes the first
 * run's style; each later run whose words are still in the text (a bold product name, a coloured
 * price) keeps its style there. Answers whether some run could not be placed.
 */
export async function writeText(
  node: TextNode,
  text: string,
  fonts: FontLoader,
  runs: Run[] = runsOf(node),
): Promise<{ fallback: boolean }> {
  await fonts.load(runs.map((run) => run.fontName))
  const [first, ...rest] = runs
  node.characters = text
  if (!first || !rest.length) return { fallback: false }
  style(node, 0, text.length, first)
  let fallback = false
  let from = 0
  for (const run of rest) {
    const words = run.characters.trim()
    if (!words || sameStyle(run, first)) continue
    let at = text.indexOf(words, from)
    if (at < 0) at = text.indexOf(words)
    if (at < 0) {
      fallback = true
      continue
    }
    style(node, at, at + words.length, run)
    from = at + words.length
  }
  return { fallback }
}

/** Puts a text back exactly as it was: its characters, then each run on its own range. */
export async function restoreText(node: TextNode, text: string, runs: Run[], fonts: FontLoader) {
  await fonts.load([...runsOf(node), ...runs].map((run) => run.fontName))
  node.characters = text
  for (const run of runs) style(node, run.start, run.end, run)
}

function sameStyle(a: Run, b: Run) {
  return (
    a.fontName.family === b.fontName.family &&
    a.fontName.style === b.fontName.style &&
    a.fontSize === b.fontSize &&
    a.textDecoration === b.textDecoration &&
    JSON.stringify(a.fills) === JSON.stringify(b.fills)
  )
}
