import { existsSync, readdirSync, statSync } from "node:fs"
import { dirname, join, relative, sep } from "node:path"
import { fileURLToPath } from "node:url"

import { FIGMA_PLUGIN_FILES, figmaManifest } from "@nativ/figma-plugin/manifest"
import { photoshopManifest } from "@nativ/photoshop-plugin/manifest"

/** A design-tool plugin this server hands out, and how its manifest is written. */
export type PluginKind = {
  name: "figma" | "photoshop"
  /** Shown in messages: "The Figma plugin is not built on this server". */
  title: string
  /** The file a build always writes: without it the build is missing or broken. */
  entry: string
  manifest: (publicUrl: string) => object
  /** The downloads it is offered as: the same package under each extension. */
  packages: readonly ("zip" | "ccx")[]
}

export const PLUGINS: readonly PluginKind[] = [
  {
    name: "figma",
    title: "Figma",
    entry: FIGMA_PLUGIN_FILES[0],
    manifest: figmaManifest,
    packages: ["zip"],
  },
  // A .ccx, which Creative Cloud desktop installs on a double-click, is a plain zip with the
  // manifest at its root and no signature (Adobe's "Package a UXP plugin" guide).
  {
    name: "photoshop",
    title: "Photoshop",
    entry: "index.html",
    manifest: photoshopManifest,
    packages: ["zip", "ccx"],
  },
]

/** Each plugin's built folder (`plugins/<name>/dist`), or null when it is not built. */
export type PluginDists = Partial<Record<PluginKind["name"], string | null>>

/**
 * Finds plugins/<name>/dist by walking up from this module, as the dashboard's build is found
 * (web/static.ts): from the sources in development, from apps/server/dist once bundled.
 */
export function findPluginDists(from = dirname(fileURLToPath(import.meta.url))): PluginDists {
  const found: PluginDists = {}
  for (const plugin of PLUGINS) {
    let dir = from
    for (;;) {
      const candidate = join(dir, "plugins", plugin.name, "dist")
      if (existsSync(join(candidate, plugin.entry))) {
        found[plugin.name] = candidate
        break
      }
      const parent = dirname(dir)
      if (parent === dir) {
        found[plugin.name] = null
        break
      }
      dir = parent
    }
  }
  return found
}

/** A file of a build: its path in the zip (forward slashes), where it is, and when it changed. */
export type BuildFile = { path: string; file: string; size: number; mtimeMs: number }

/**
 * The files of a build that go into the zip: everything but source maps, hidden files and a
 * manifest.json of the build's own (the server writes the one for its origin).
 */
export function buildFiles(root: string): BuildFile[] {
  const files: BuildFile[] = []
  // A build in progress empties the folder first.
  if (!existsSync(root)) return files
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue
      const file = join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (entry.isFile() && !entry.name.endsWith(".map")) {
        const path = relative(root, file).split(sep).join("/")
        if (path === "manifest.json") continue
        const { size, mtimeMs } = statSync(file)
        files.push({ path, file, size, mtimeMs })
      }
    }
  }
  walk(root)
  return files.sort((a, b) => (a.path < b.path ? -1 : 1))
}
