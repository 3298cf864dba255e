import { classifyOverflow, type MeasuredText } from "@nativ/plugin-core/overflow"

import type { OverflowItem } from "../protocol"

const RESIZE: Record<TextNode["textAutoResize"], MeasuredText["resize"]> = {
  NONE: "fixed",
  TRUNCATE: "fixed",
  HEIGHT: "height",
  WIDTH_AND_HEIGHT: "width-and-height",
}

/** The room a fixed-width auto-layout parent leaves its children, if the parent is one. */
function parentRoom(node: TextNode): number | null {
  const parent = node.parent
  if (
    !parent ||
    (parent.type !== "FRAME" && parent.type !== "INSTANCE" && parent.type !== "COMPONENT")
  )
    return null
  if (parent.layoutMode === "NONE" || parent.layoutSizingHorizontal !== "FIXED") return null
  return parent.width - parent.paddingLeft - parent.paddingRight
}

/**
 * Measures a written layer: a fixed box against the height its text needs at its width (a copy
 * of the layer is let grow, read and removed), an auto-width text against its parent's room.
 */
export function measureText(node: TextNode): MeasuredText {
  const resize = RESIZE[node.textAutoResize]
  const box = { width: node.width, height: node.height }
  let needed = box
  if (resize === "fixed") {
    const probe = node.clone()
    probe.textAutoResize = "HEIGHT"
    needed = { width: node.width, height: probe.height }
    probe.remove()
  }
  return {
    id: node.id,
    characters: [...node.characters].length,
    resize,
    box,
    needed,
    parentWidth: resize === "width-and-height" ? parentRoom(node) : null,
  }
}

export function overflowOf(node: TextNode, code: string, source: string): OverflowItem | null {
  const overflow = classifyOverflow(measureText(node))
  if (!overflow) return null
  return {
    id: node.id,
    name: node.name,
    code,
    severity: overflow.severity,
    fits: overflow.fits,
    source,
    text: node.characters,
  }
}
