import { readFileSync } from "node:fs"

import { strToU8, zipSync, type Zippable } from "fflate"

import type { BuildFile } from "./plugin-builds"

/** Already compressed: storing them saves the time and costs no size. */
const STORED = /\.(png|jpe?g|gif|webp|woff2?)$/i

/**
 * The plugin as a person installs it: the build's files and manifest.json at the zip's root, so
 * the unzipped folder is the plugin's folder (Figma imports its manifest.json; the UXP Developer
 * Tool adds it).
 */
export function pluginZip(files: BuildFile[], manifest: object): Uint8Array<ArrayBuffer> {
  const entries: Zippable = {
    "manifest.json": [strToU8(JSON.stringify(manifest, null, 2) + "\n"), { level: 9 }],
  }
  for (const { path, file, mtimeMs } of files)
    entries[path] = [
      new Uint8Array(readFileSync(file)),
      { level: STORED.test(path) ? 0 : 9, mtime: new Date(mtimeMs) },
    ]
  // fflate types its result over any ArrayBufferLike; a response body wants an ArrayBuffer's.
  return new Uint8Array(zipSync(entries))
}
