import type { TargetLanguage } from "@nativ/plugin-core"
import type { ActionDescriptor } from "photoshop/dom/CoreModules"

import type { Host, HostDocument, HostLayer } from "./host"
import { type CollectOptions, collectTexts, layerAt, type Skipped, type TextTree } from "./layers"
import { checkOverflow, type Overflow } from "./overflow"

/** A smart object's contents are a document of their own when they are a PSD or PSB. */
const EDITABLE = /\.ps[db]$/i

type SmartObjectInfo = { linked: boolean; fileReference: string }

async function smartObjectInfo(host: Host, document: HostDocument, layer: HostLayer) {
  const [answer] = await host.photoshop.action.batchPlay(
    [
      {
        _obj: "get",
        _target: [
          { _property: "smartObject" },
          { _ref: "layer", _id: layer.id },
          { _ref: "document", _id: document.id },
        ],
      },
    ],
    {},
  )
  const info = (answer as ActionDescriptor | undefined)?.smartObject as
    Partial<SmartObjectInfo> | undefined
  return { linked: info?.linked === true, fileReference: String(info?.fileReference ?? "") }
}

/**
 * Opens an embedded smart object's contents as their own document (Photoshop's "Edit Contents"),
 * which becomes the active document. Must run inside executeAsModal.
 */
async function openContents(host: Host, layer: HostLayer): Promise<HostDocument> {
  await host.photoshop.action.batchPlay(
    [{ _obj: "placedLayerEditContents", _target: [{ _ref: "layer", _id: layer.id }] }],
    {},
  )
  const contents = host.photoshop.app.activeDocument
  if (!contents) throw new Error(`Photoshop did not open the contents of ${layer.name}`)
  return contents
}

/** Why a smart object's text cannot be reached from a plugin, or null when it can. */
function unsupported(info: SmartObjectInfo): string | null {
  if (info.linked)
    return `Linked smart object: its contents live in ${info.fileReference || "another file"}; open and localize that file itself`
  if (!EDITABLE.test(info.fileReference))
    return `Its contents (${info.fileReference || "unknown type"}) are not a Photoshop document, so a plugin cannot edit their text`
  return null
}

/**
 * Reads the text inside smart objects: embedded PSD/PSB contents are opened, read (smart objects
 * inside them too) and closed unchanged; linked and other kinds are listed as skipped.
 */
export function smartObjectReader(host: Host, options: CollectOptions, skipped: Skipped[]) {
  const read = async (layer: HostLayer, document: HostDocument): Promise<TextTree | null> => {
    const reason = unsupported(await smartObjectInfo(host, document, layer))
    if (reason) {
      skipped.push({ name: layer.name, reason })
      return null
    }
    const contents = await openContents(host, layer)
    try {
      const inner = await collectTexts(
        host.photoshop,
        contents,
        { ...options, selectionOnly: false },
        read,
      )
      skipped.push(...inner.skipped.map((s) => ({ ...s, name: `${layer.name} › ${s.name}` })))
      return inner.tree
    } finally {
      contents.closeWithoutSaving()
    }
  }
  return read
}

/**
 * Writes one language's translations into a document laid out as the one the texts were read
 * from (the original, or its duplicate), smart objects' contents included (saved, so the smart
 * object updates), and checks each written layer for overflow. Runs inside executeAsModal.
 */
export async function applyTranslations(
  host: Host,
  document: HostDocument,
  tree: TextTree,
  language: TargetLanguage,
  lookup: (text: string) => string | undefined,
  prefix = "",
): Promise<{ changed: number; overflow: Overflow[] }> {
  let changed = 0
  const overflow: Overflow[] = []
  for (const spot of tree.texts) {
    const translated = lookup(spot.text)
    if (translated === undefined) continue
    const layer = layerAt(document.layers, spot.path)
    if (layer.textItem.contents !== translated) {
      layer.textItem.contents = translated
      changed++
    }
    const found = await checkOverflow(host.photoshop, document, layer, language.name)
    if (found) overflow.push({ ...found, layer: prefix + found.layer })
  }
  for (const smartObject of tree.smartObjects) {
    const layer = layerAt(document.layers, smartObject.path)
    const contents = await openContents(host, layer)
    try {
      const inner = await applyTranslations(
        host,
        contents,
        smartObject.contents,
        language,
        lookup,
        `${prefix}${smartObject.name} › `,
      )
      if (inner.changed) await contents.save()
      changed += inner.changed
      overflow.push(...inner.overflow)
    } finally {
      contents.closeWithoutSaving()
    }
  }
  return { changed, overflow }
}
