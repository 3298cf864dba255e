import { readFileSync } from "node:fs"

import { strToU8, zipSync, type Zippable } from "fflate"

import { SERVER_ORIGIN_PLACEHOLDER } from "@nativ/figma-plugin/manifest"

import type { BuildFile } from "./plugin-builds"

/**
 * A page names its server in an attribute (`<meta name="nativ-server" content="…">`). Only the
 * attribute is replaced: the script that reads it compares with the bare placeholder to tell an
 * unpackaged build.
 */
const PAGE = /\.html$/i
const PLACEHOLDER_ATTRIBUTE = `content="${SERVER_ORIGIN_PLACEHOLDER}"`

/** Already compressed: storing them saves the time and costs no size. */
const STORED = /\.(png|jpe?g|gif|webp|woff2?)$/i

/**
 * The plugin as a person installs it: the build's files and manifest.json at the zip's root, so
 * the unzipped folder is the plugin's folder (Figma imports its manifest.json; the UXP Developer
 * Tool adds it). The pages name the server's origin where the build put the placeholder, since a
 * Figma plugin cannot read its manifest.
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
    const bytes = PAGE.test(path)
      ? strToU8(readFileSync(file, "utf8").replaceAll(PLACEHOLDER_ATTRIBUTE, `content="${origin}"`))
      : new Uint8Array(readFileSync(file))
    entries[path] = [bytes, { level: STORED.test(path) ? 0 : 9, mtime: new Date(mtimeMs) }]
  }
  // fflate types its result over any ArrayBufferLike; a response body wants an ArrayBuffer's.
  return new Uint8Array(zipSync(entries))
}
