/**
 * A written text layer as the host measured it. `box` is the layer as laid out (fixed layers keep
 * their size); `needed` is the size its text takes at the box's width (the host measures it, e.g.
 * by letting a copy of the layer grow). `parentWidth` is the room a fixed-width auto-layout parent
 * gives an auto-width text, when it has one.
 */
export type MeasuredText = {
  id: string
  characters: number
  /** How the box sizes itself: fixed (NONE, TRUNCATE) or growing (WIDTH_AND_HEIGHT, HEIGHT). */
  resize: "fixed" | "height" | "width-and-height"
  box: { width: number; height: number }
  needed: { width: number; height: number }
  parentWidth?: number | null
}

export type OverflowSeverity = "critical" | "warning"

export type Overflow = {
  id: string
  /** critical: the text is clipped; warning: it grows past its parent. */
  severity: OverflowSeverity
  /** About how many characters fit, to send as `max_characters` when shortening. */
  fits: number
}

/** Sub-pixel differences are layout rounding, not overflow. */
const TOLERANCE = 0.5

/**
 * Critical when a fixed box cannot show its whole text (clipped or truncated); Warning when an
 * auto-width text is wider than its fixed-width auto-layout parent leaves room for. Others fit.
 */
export function classifyOverflow(text: MeasuredText): Overflow | null {
  if (text.resize === "fixed") {
    const tall = text.needed.height - text.box.height > TOLERANCE
    const wide = text.needed.width - text.box.width > TOLERANCE
    if (!tall && !wide) return null
    const ratio = Math.min(
      text.box.height / Math.max(text.needed.height, 1),
      text.box.width / Math.max(text.needed.width, 1),
    )
    return { id: text.id, severity: "critical", fits: fitting(text.characters, ratio) }
  }
  if (text.resize === "width-and-height" && text.parentWidth != null) {
    if (text.needed.width - text.parentWidth <= TOLERANCE) return null
    const ratio = text.parentWidth / Math.max(text.needed.width, 1)
    return { id: text.id, severity: "warning", fits: fitting(text.characters, ratio) }
  }
  return null
}

/** Characters that fit in `ratio` of the room the text took, less a tenth for word wrapping. */
function fitting(characters: number, ratio: number) {
  return Math.max(1, Math.floor(characters * ratio * 0.9))
}

/** Every overflow among the measured layers, critical ones first. */
export function findOverflows(texts: readonly MeasuredText[]): Overflow[] {
  return texts
    .map(classifyOverflow)
    .filter((o): o is Overflow => o !== null)
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "critical" ? -1 : 1))
}
