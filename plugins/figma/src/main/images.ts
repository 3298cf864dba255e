import type { ImageInCopy } from "../protocol"

type Filled = SceneNode & MinimalFillsMixin

const imagePaints = (node: SceneNode): ImagePaint[] => {
  if (node.type === "TEXT" || !("fills" in node) || !Array.isArray(node.fills)) return []
  return (node.fills as readonly Paint[]).filter(
    (paint): paint is ImagePaint => paint.type === "IMAGE" && paint.imageHash !== null,
  )
}

/** The image fills under `root`, by image: each image once with every layer that shows it. */
export function imagesUnder(root: SceneNode): Omit<ImageInCopy, "copyId">[] {
  const byHash = new Map<string, string[]>()
  const visit = (node: SceneNode) => {
    for (const paint of imagePaints(node)) {
      const ids = byHash.get(paint.imageHash!) ?? []
      if (!ids.includes(node.id)) ids.push(node.id)
      byHash.set(paint.imageHash!, ids)
    }
    if ("children" in node) for (const child of node.children) visit(child)
  }
  visit(root)
  return [...byHash].map(([hash, nodeIds]) => ({ hash, nodeIds }))
}

/** Swaps one image for another in a layer's fills, keeping each paint's scaling and filters. */
export function swapImage(node: Filled, hash: string, replacement: string) {
  const fills = node.fills
  if (!Array.isArray(fills)) return false
  let changed = false
  node.fills = (fills as readonly Paint[]).map((paint) => {
    if (paint.type !== "IMAGE" || paint.imageHash !== hash) return paint
    changed = true
    return { ...paint, imageHash: replacement }
  })
  return changed
}
