import { readFileSync } from "node:fs"

import { strToU8, zipSync, type Zippable } from "fflate"

import { SERVER_ORIGIN_PLACEHOLDER } from "@nativ/figma-plugin/manifest"

import type { BuildFile } from "./plugin-builds"

/** Where a build may name its server by the placeholder. */
const SCRIPT_OR_PAGE = /\.(m?js|html)$/i

/** Already compressed: storing them saves the time and costs no size. */
const STORED = /\.(png|jpe?g|gif|webp|woff2?)$/i

/**
 * The plugin as a person installs it: the build's files and manifest.json at the zip's root, so
 * the unzipped folder is the plugin's folder (Figma imports its manifest.json; the UXP Developer
 * Tool adds it). The server's origin replaces SERVER_ORIGIN_PLACEHOLDER in the scripts and pages,
 * since a Figma plugin cannot read its manifest.
 */
export function pluginZip(
  files: BuildFile[],
  manifest: object,
  origin: string,
): Uint8Array<ArrayBuffer> {
  const entries: Zippable = {
    "manifest.json": [strToU8(JSON.stringify(manifest, null, 2) + "\n"), { level: 9 }],
  }
  for (const { path, file, mtimeMs } of files) {
    const bytes = SCRIPT_OR_PAGE.test(path)
      ? strToU8(readFileSync(file, "utf8").replaceAll(SERVER_ORIGIN_PLACEHOLDER, origin))
      : new Uint8Array(readFileSync(file))
    entries[path] = [bytes, { level: STORED.test(path) ? 0 : 9, mtime: new Date(mtimeMs) }]
  }
  // fflate types its result over any ArrayBufferLike; a response body wants an ArrayBuffer's.
  return new Uint8Array(zipSync(entries))
}
