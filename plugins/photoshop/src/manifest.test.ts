import { readFileSync } from "node:fs"
import { join } from "node:path"

import { describe, expect, it } from "vitest"

import { PHOTOSHOP_PLUGIN_FILES, photoshopManifest } from "./manifest"

const packageVersion = (
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "package.json"), "utf8")) as {
    version: string
  }
).version

/** "icons/dark.png" at scale [1, 2] is read from icons/dark@1x.png and icons/dark@2x.png. */
const iconFiles = (icons: { path: string; scale: number[] }[]) =>
  icons.flatMap(({ path, scale }) => scale.map((s) => path.replace(/\.png$/, `@${s}x.png`)))

describe("the Photoshop plugin's UXP manifest", () => {
  it("is a manifest v5 for Photoshop 23.3 or later with the Nativ panel", () => {
    const manifest = photoshopManifest("https://nativ.example.com")
    expect(manifest).toMatchObject({
      manifestVersion: 5,
      name: "Nativ",
      version: packageVersion,
      main: "index.html",
      host: { app: "PS", minVersion: "23.3.0" },
    })
    expect(manifest.id).toMatch(/^\S+$/)
    expect(manifest.entrypoints).toEqual([
      expect.objectContaining({ type: "panel", id: "nativ-panel", label: { default: "Nativ" } }),
    ])
  })

  it("names only files the build is expected to write", () => {
    const manifest = photoshopManifest("https://nativ.example.com")
    const named = [
      manifest.main,
      ...iconFiles(manifest.icons),
      ...manifest.entrypoints.flatMap((entry) => iconFiles(entry.icons)),
    ]
    expect(new Set(named)).toEqual(new Set(PHOTOSHOP_PLUGIN_FILES))
    expect(
      manifest.entrypoints[0]!.icons.map((i) => i.theme)
        .flat()
        .sort(),
    ).toEqual(["dark", "darkest", "light", "lightest", "medium"])
  })

  it("lets the plugin reach exactly the server's public origin, open its pages and save copies beside the document", () => {
    for (const [publicUrl, origin, scheme] of [
      ["https://nativ.example.com/", "https://nativ.example.com", "https"],
      ["http://localhost:8080", "http://localhost:8080", "http"],
      ["https://NATIV.example.com:8443/app", "https://nativ.example.com:8443", "https"],
    ]) {
      const { requiredPermissions } = photoshopManifest(publicUrl!)
      expect(requiredPermissions.network.domains).toEqual([origin])
      expect(requiredPermissions.launchProcess.schemes).toEqual([scheme])
      expect(requiredPermissions.localFileSystem).toBe("fullAccess")
      expect(Object.keys(requiredPermissions).sort()).toEqual([
        "launchProcess",
        "localFileSystem",
        "network",
      ])
    }
  })

  it("refuses an address that is not http or https", () => {
    expect(() => photoshopManifest("file:///tmp")).toThrow(/http or https/)
  })
})
