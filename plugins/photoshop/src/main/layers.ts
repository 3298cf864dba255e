import type { HostDocument, HostLayer, PhotoshopModule } from "./host"

/** A text layer found in a document: where it is (indices from the top), its name and text. */
export type TextSpot = { path: number[]; name: string; text: string }

/** A smart object whose contents the plugin can open, with the texts found inside. */
export type SmartObjectSpot = { path: number[]; name: string; contents: TextTree }

export type TextTree = { texts: TextSpot[]; smartObjects: SmartObjectSpot[] }

/** A layer left alone, and why (shown in the panel's summary). */
export type Skipped = { name: string; reason: string }

export type CollectOptions = {
  /** Only the selected layers (groups with everything in them); the whole document otherwise. */
  selectionOnly: boolean
  includeHidden: boolean
}

/** The layer at `path` below `layers` (indices from the top, as `collect` records them). */
export function layerAt(layers: readonly HostLayer[], path: readonly number[]): HostLayer {
  let layer: HostLayer | undefined
  let level: readonly HostLayer[] | null = layers
  for (const index of path) {
    layer = level?.[index]
    if (!layer) throw new Error(`The document changed: no layer at ${path.join("/")}`)
    level = layer.layers
  }
  if (!layer) throw new Error("Empty layer path")
  return layer
}

type Walk = {
  ps: PhotoshopModule
  options: CollectOptions
  skipped: Skipped[]
  selected: Set<number> | null
  /** Reads a smart object's contents (opening them, inside a modal scope). */
  openSmartObject: (layer: HostLayer, document: HostDocument) => Promise<TextTree | null>
}

/**
 * The text layers of a document (or of its selected layers, groups included), and the smart
 * objects with text inside. Hidden layers are skipped unless asked for; fully locked text layers
 * (Lock All: their text cannot be edited; a position or pixel lock does not stop it) are
 * listed as skipped, never changed.
 */
export async function collectTexts(
  ps: PhotoshopModule,
  document: HostDocument,
  options: CollectOptions,
  openSmartObject: Walk["openSmartObject"],
): Promise<{ tree: TextTree; skipped: Skipped[] }> {
  const selected = options.selectionOnly
    ? new Set(document.activeLayers.map((layer) => layer.id))
    : null
  const walk: Walk = { ps, options, skipped: [], selected, openSmartObject }
  const tree = await walkLayers(walk, document, document.layers, [], selected === null)
  return { tree, skipped: walk.skipped }
}

async function walkLayers(
  walk: Walk,
  document: HostDocument,
  layers: readonly HostLayer[],
  at: number[],
  inScope: boolean,
): Promise<TextTree> {
  const tree: TextTree = { texts: [], smartObjects: [] }
  const { LayerKind } = walk.ps.constants
  for (const [index, layer] of layers.entries()) {
    const path = [...at, index]
    const chosen = inScope || walk.selected?.has(layer.id) === true
    if (!layer.visible && !walk.options.includeHidden) continue
    if (layer.kind === LayerKind.GROUP) {
      const inner = await walkLayers(walk, document, layer.layers ?? [], path, chosen)
      tree.texts.push(...inner.texts)
      tree.smartObjects.push(...inner.smartObjects)
      continue
    }
    if (!chosen) continue
    if (layer.kind === LayerKind.TEXT) {
      const text = layer.textItem.contents
      if (!text.trim()) continue
      if (layer.allLocked)
        walk.skipped.push({ name: layer.name, reason: "Locked layer: unlock it to localize it" })
      else tree.texts.push({ path, name: layer.name, text })
    } else if (layer.kind === LayerKind.SMARTOBJECT) {
      const contents = await walk.openSmartObject(layer, document)
      if (contents && (contents.texts.length || contents.smartObjects.length))
        tree.smartObjects.push({ path, name: layer.name, contents })
    }
  }
  return tree
}

/** Every text in a tree, smart objects' contents included. */
export function allTexts(tree: TextTree): TextSpot[] {
  return [...tree.texts, ...tree.smartObjects.flatMap((so) => allTexts(so.contents))]
}
