import type { LayerRef, Scope } from "../protocol"
import { KEY } from "./plugin-data"

/** A text layer in scope, with what keeps the plugin from changing it. */
export type FoundText = {
  node: TextNode
  locked: boolean
  hidden: boolean
  inMainComponent: boolean
}

const CONTAINERS = new Set<NodeType>([
  "FRAME",
  "GROUP",
  "SECTION",
  "COMPONENT",
  "COMPONENT_SET",
  "INSTANCE",
])

export const ref = (node: BaseNode, reason?: string): LayerRef => ({
  id: node.id,
  name: node.name,
  ...(reason ? { reason } : {}),
})

const isHidden = (node: BaseNode) => "visible" in node && !node.visible
const isLocked = (node: BaseNode) => "locked" in node && node.locked
const isMain = (node: BaseNode) => node.type === "COMPONENT" || node.type === "COMPONENT_SET"

/** What the chain above a node says: hidden, locked or inside a main component. */
function ancestry(node: BaseNode) {
  const state = { hidden: false, locked: false, inMainComponent: false }
  for (let up = node.parent; up && up.type !== "PAGE"; up = up.parent) {
    state.hidden ||= isHidden(up)
    state.locked ||= isLocked(up)
    state.inMainComponent ||= isMain(up)
  }
  return state
}

/** The nodes a run starts from: the selection, or the page's top-level layers (not our copies). */
export function scopeRoots(page: PageNode, scope: Scope): readonly SceneNode[] {
  if (scope.kind === "selection") return page.selection
  return page.children.filter((node) => !node.getPluginData(KEY.copyOf))
}

/** Every text layer under `root` (itself included), depth first, with its state. */
export function textsUnder(root: SceneNode, found: FoundText[] = []): FoundText[] {
  const visit = (node: SceneNode, state: ReturnType<typeof ancestry>) => {
    const here = {
      hidden: state.hidden || isHidden(node),
      locked: state.locked || isLocked(node),
      inMainComponent: state.inMainComponent || isMain(node),
    }
    if (node.type === "TEXT") found.push({ node, ...here })
    else if ("children" in node) for (const child of node.children) visit(child, here)
  }
  visit(root, ancestry(root))
  return found
}

/** The top-level frames (or lone layers) copies are made of. */
export function copyUnits(roots: readonly SceneNode[]): SceneNode[] {
  return roots.filter((node) => CONTAINERS.has(node.type) || node.type === "TEXT")
}

export const isContainer = (node: BaseNode) => CONTAINERS.has(node.type)
