import { isRightToLeft } from "@nativ/plugin-core/languages"

import type { TargetLanguage } from "../protocol"
import { KEY } from "./plugin-data"

/** Space between a frame and its copies, in the row to its right. */
export const COPY_GAP = 80

export const copyName = (name: string, language: TargetLanguage) =>
  `${name} — ${language.name} (${language.code})`

/** This frame's earlier copy into `code`, if the page has one. */
export function findCopy(unit: SceneNode, code: string): SceneNode | undefined {
  const siblings = unit.parent && "children" in unit.parent ? unit.parent.children : []
  return siblings.find(
    (node) =>
      node.getPluginData(KEY.copyOf) === unit.id && node.getPluginData(KEY.copyLanguage) === code,
  )
}

/** Ties each text layer of a fresh copy to the original layer it translates. */
function linkTexts(original: SceneNode, copy: SceneNode) {
  if (original.type === "TEXT" && copy.type === "TEXT") copy.setPluginData(KEY.source, original.id)
  if ("children" in original && "children" in copy)
    original.children.forEach((child, i) => {
      const twin = copy.children[i]
      if (twin) linkTexts(child, twin)
    })
}

/** The right edge of the frame's row (itself and its copies so far). */
function rowEnd(unit: SceneNode) {
  const siblings = unit.parent && "children" in unit.parent ? unit.parent.children : []
  return siblings
    .filter((node) => node === unit || node.getPluginData(KEY.copyOf) === unit.id)
    .reduce((end, node) => Math.max(end, node.x + node.width), unit.x + unit.width)
}

/** The frame's copy for a language: the earlier one, or a new one at the end of its row. */
export function copyFor(unit: SceneNode, language: TargetLanguage) {
  const existing = findCopy(unit, language.code)
  if (existing) {
    existing.name = copyName(unit.name, language)
    return { copy: existing, created: false }
  }
  const copy = unit.clone()
  const parent = unit.parent
  if (parent && "appendChild" in parent) parent.appendChild(copy)
  copy.x = rowEnd(unit) + COPY_GAP
  copy.y = unit.y
  copy.name = copyName(unit.name, language)
  copy.setPluginData(KEY.copyOf, unit.id)
  copy.setPluginData(KEY.copyLanguage, language.code)
  linkTexts(unit, copy)
  return { copy, created: true }
}

/** Right-to-left languages read from the right: their copies' texts are right-aligned. */
export function alignForLanguage(node: TextNode, code: string) {
  if (isRightToLeft(code)) node.textAlignHorizontal = "RIGHT"
}
