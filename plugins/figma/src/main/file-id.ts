import { KEY } from "./plugin-data"

/**
 * The file's id for operations: Figma's file key when the plugin is given it, otherwise an id kept
 * in the document's plugin data (made once, so every run on this file names the same file).
 */
export function fileIdOf(figma: Pick<PluginAPI, "fileKey" | "root">): string {
  if (figma.fileKey) return figma.fileKey
  const kept = figma.root.getPluginData(KEY.fileId)
  if (kept) return kept
  const made = `figma-local-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
  figma.root.setPluginData(KEY.fileId, made)
  return made
}
