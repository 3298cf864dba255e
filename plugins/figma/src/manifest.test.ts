import { describe, expect, it } from "vitest"

import { FIGMA_PLUGIN_FILES, figmaManifest } from "./manifest"

describe("the Figma plugin's manifest", () => {
  it("has every field Figma requires to import a plugin, pointing at the build's files", () => {
    const manifest = figmaManifest("https://nativ.example.com")
    expect(manifest).toMatchObject({
      name: "Nativ",
      api: "1.0.0",
      main: "code.js",
      ui: "ui.html",
      editorType: ["figma"],
      documentAccess: "dynamic-page",
    })
    expect(manifest.id).toMatch(/^\S+$/)
    expect([manifest.main, manifest.ui]).toEqual([...FIGMA_PLUGIN_FILES])
  })

  it("lets the plugin reach exactly the server's public origin, and says why", () => {
    for (const [publicUrl, origin] of [
      ["https://nativ.example.com", "https://nativ.example.com"],
      ["http://localhost:8080", "http://localhost:8080"],
      ["https://Nativ.Example.com:8443/base/path?x=1", "https://nativ.example.com:8443"],
      ["http://[::1]:8080", "http://[::1]:8080"],
    ]) {
      const { networkAccess } = figmaManifest(publicUrl!)
      expect(networkAccess.allowedDomains).toEqual([origin])
      expect(networkAccess.reasoning).toContain(origin)
    }
  })

  it("keeps the same id whatever the server, so a re-import replaces the plugin", () => {
    expect(figmaManifest("https://a.example").id).toBe(figmaManifest("http://localhost:8080").id)
  })

  it("refuses an address that is not http or https", () => {
    expect(() => figmaManifest("ftp://nativ.example.com")).toThrow(/http or https/)
    expect(() => figmaManifest("not a url")).toThrow()
  })
})
