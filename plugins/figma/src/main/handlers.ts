import { translationKey } from "@nativ/plugin-core/keys"

import type {
  ApplyRequest,
  ApplyResult,
  ImageInCopy,
  LayerRef,
  MainHandlers,
  OverflowItem,
  ScanResult,
  Scope,
  ScannedText,
} from "../protocol"
import { alignForLanguage, copyFor } from "./copies"
import { fileIdOf } from "./file-id"
import { imagesUnder, swapImage } from "./images"
import { FontLoader } from "./fonts"
import { overflowOf } from "./measure"
import { KEY } from "./plugin-data"
import { restoreText, runsOf, type Run, writeText } from "./text-style"
import { copyUnits, type FoundText, ref, scopeRoots, textsUnder } from "./walk"

const limitOf = (node: TextNode) => {
  const limit = Number(node.getPluginData(KEY.maxCharacters))
  return Number.isInteger(limit) && limit > 0 ? limit : null
}

type Original = { text: string; runs: Run[] }
const originalOf = (node: TextNode): Original | null => {
  const kept = node.getPluginData(KEY.original)
  return kept ? (JSON.parse(kept) as Original) : null
}

/** Sorts the texts in scope into those to change and those to leave, with the reason. */
function triage(found: FoundText[], scope: Scope, mode: "copies" | "in-place" | "scan") {
  const usable: TextNode[] = []
  const locked: LayerRef[] = []
  const missingFonts: LayerRef[] = []
  const mainComponents: LayerRef[] = []
  let hiddenSkipped = 0
  for (const { node, hidden, locked: isLocked, inMainComponent } of found) {
    if (hidden && !scope.includeHidden) hiddenSkipped++
    else if (isLocked) locked.push(ref(node, "Locked"))
    else if (node.hasMissingFont) missingFonts.push(ref(node, "Font not available"))
    else if (inMainComponent && mode !== "copies")
      mainComponents.push(ref(node, "Inside a main component"))
    else usable.push(node)
  }
  return { usable, locked, missingFonts, mainComponents, hiddenSkipped }
}

/**
 * The main code's side of the protocol: reads and writes the document for the UI. Each handler
 * works on the scope the UI names, so a scan and the writing that follows see the same layers.
 */
export function createHandlers(figma: PluginAPI): MainHandlers {
  const fonts = new FontLoader(figma)
  const found = (scope: Scope) =>
    scopeRoots(figma.currentPage, scope).flatMap((root) => textsUnder(root))

  const textNode = async (id: string) => {
    const node = await figma.getNodeByIdAsync(id)
    if (!node || node.type !== "TEXT") throw new Error("That layer is no longer in the file.")
    return node
  }

  async function applyCopies(request: ApplyRequest, result: ApplyResult) {
    const units = copyUnits(scopeRoots(figma.currentPage, request.scope))
    for (const unit of units) {
      const originals = new Map(textsUnder(unit).map((t) => [t.node.id, t.node]))
      for (const language of request.languages) {
        const table = request.translations[language.code] ?? {}
        const { copy, created } = copyFor(unit, language)
        result.copies.push({ id: copy.id, name: copy.name, code: language.code, created })
        const { usable, locked, missingFonts } = triage(textsUnder(copy), request.scope, "copies")
        result.locked.push(...locked)
        result.missingFonts.push(...missingFonts)
        for (const node of usable) {
          const original = originals.get(node.getPluginData(KEY.source))
          if (!original) continue
          const source = { text: original.characters, maxCharacters: limitOf(original) }
          const text = table[translationKey(source)]
          if (text === undefined) continue
          const { fallback } = await writeText(node, text, fonts, runsOf(original))
          alignForLanguage(node, language.code)
          if (fallback) result.styleFallbacks.push(ref(node, "Took the first run's style"))
          result.changed++
          const overflow = overflowOf(node, language.code, source.text)
          if (overflow) result.overflows.push(overflow)
        }
      }
    }
  }

  async function applyInPlace(request: ApplyRequest, result: ApplyResult) {
    const language = request.languages[0]
    if (!language) return
    const table = request.translations[language.code] ?? {}
    const { usable, locked, missingFonts } = triage(found(request.scope), request.scope, "in-place")
    result.locked.push(...locked)
    result.missingFonts.push(...missingFonts)
    for (const node of usable) {
      const original = originalOf(node) ?? { text: node.characters, runs: runsOf(node) }
      const text = table[translationKey({ text: node.characters, maxCharacters: limitOf(node) })]
      if (text === undefined || text === node.characters) continue
      if (!node.getPluginData(KEY.original))
        node.setPluginData(KEY.original, JSON.stringify(original))
      const { fallback } = await writeText(node, text, fonts)
      if (fallback) result.styleFallbacks.push(ref(node, "Took the first run's style"))
      result.changed++
      const overflow = overflowOf(node, language.code, original.text)
      if (overflow) result.overflows.push(overflow)
    }
    // Everything written in place is one step of the file's undo history.
    figma.commitUndo()
  }

  return {
    storageGet: (key) => figma.clientStorage.getAsync(key) as Promise<string | undefined>,
    storageSet: (key, value) => figma.clientStorage.setAsync(key, value),
    storageDelete: (key) => figma.clientStorage.deleteAsync(key),

    async selection() {
      const roots = figma.currentPage.selection
      const texts = roots.reduce((n, root) => n + textsUnder(root).length, 0)
      return { frames: copyUnits(roots).length, texts, page: figma.currentPage.name }
    },

    async scan(scope): Promise<ScanResult> {
      const { usable, ...left } = triage(found(scope), scope, "scan")
      const texts: ScannedText[] = usable.map((node) => ({
        id: node.id,
        text: node.characters,
        maxCharacters: limitOf(node),
      }))
      const frames = copyUnits(scopeRoots(figma.currentPage, scope)).map((node) => ref(node))
      return { fileId: fileIdOf(figma), texts, frames, ...left }
    },

    async apply(request) {
      const result: ApplyResult = {
        changed: 0,
        copies: [],
        missingFonts: [],
        locked: [],
        styleFallbacks: [],
        overflows: [],
        fontsLoaded: 0,
      }
      if (request.mode === "copies") await applyCopies(request, result)
      else await applyInPlace(request, result)
      result.fontsLoaded = fonts.loaded
      return result
    },

    async setText(id, code, source, text): Promise<OverflowItem | null> {
      const node = await textNode(id)
      await writeText(node, text, fonts)
      return overflowOf(node, code, source)
    },

    async restore(scope) {
      let restored = 0
      for (const { node } of found(scope)) {
        const original = originalOf(node)
        if (!original || node.hasMissingFont) continue
        await restoreText(node, original.text, original.runs, fonts)
        node.setPluginData(KEY.original, "")
        restored++
      }
      if (restored) figma.commitUndo()
      return { restored }
    },

    async select(ids) {
      const nodes: SceneNode[] = []
      for (const id of ids) {
        const node = await figma.getNodeByIdAsync(id)
        if (node && node.type !== "DOCUMENT" && node.type !== "PAGE") nodes.push(node as SceneNode)
      }
      figma.currentPage.selection = nodes
      if (nodes.length) figma.viewport.scrollAndZoomIntoView(nodes)
    },

    async images(copyIds) {
      const found: ImageInCopy[] = []
      for (const copyId of copyIds) {
        const copy = await figma.getNodeByIdAsync(copyId)
        if (!copy || copy.type === "DOCUMENT" || copy.type === "PAGE") continue
        for (const image of imagesUnder(copy as SceneNode)) found.push({ copyId, ...image })
      }
      return found
    },

    async imageBytes(hash) {
      const image = figma.getImageByHash(hash)
      if (!image) throw new Error("That image is no longer in the file.")
      return image.getBytesAsync()
    },

    async replaceImage(nodeIds, hash, bytes) {
      const replacement = figma.createImage(bytes).hash
      let changed = 0
      for (const id of nodeIds) {
        const node = await figma.getNodeByIdAsync(id)
        if (
          node &&
          "fills" in node &&
          node.type !== "TEXT" &&
          swapImage(node as never, hash, replacement)
        )
          changed++
      }
      return changed
    },

    async setLimit(limit) {
      const texts = figma.currentPage.selection.flatMap((root) => textsUnder(root))
      for (const { node } of texts)
        node.setPluginData(KEY.maxCharacters, limit ? String(limit) : "")
      return { layers: texts.length }
    },

    async openExternal(url) {
      figma.openExternal(url)
    },
  }
}
