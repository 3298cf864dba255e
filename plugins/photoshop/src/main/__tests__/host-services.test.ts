import { describe, expect, it } from "vitest"

import { FakePhotoshop } from "../../testing/fake-photoshop"
import { fileIdFor } from "../file-id"
import { secureTokenStorage } from "../secure-storage"
import { serverUrlFromManifest } from "../server-url"

describe("file id", () => {
  it("is a hash of the saved document's path: the same file always, another file never", () => {
    const id = fileIdFor({ id: 1, path: "/designs/banner.psd" })
    expect(id).toMatch(/^psd-[0-9a-f]{32}$/)
    expect(fileIdFor({ id: 7, path: "/designs/banner.psd" })).toBe(id)
    expect(fileIdFor({ id: 1, path: "/designs/poster.psd" })).not.toBe(id)
    expect(id).not.toContain("designs")
  })

  it("is Photoshop's document id for a document never saved", () => {
    expect(fileIdFor({ id: 42, path: "" })).toBe("psdoc-42")
  })
})

describe("the connection kept in UXP secure storage", () => {
  it("keeps, reads and forgets a value; a missing one reads as nothing", async () => {
    const ps = new FakePhotoshop()
    const storage = secureTokenStorage(ps.uxp)
    expect(await storage.get("nativ.credentials")).toBeUndefined()
    await storage.set("nativ.credentials", '{"kind":"api_key"}')
    expect(ps.secureItems.get("nativ.credentials")).toBeInstanceOf(Uint8Array)
    expect(await storage.get("nativ.credentials")).toBe('{"kind":"api_key"}')
    await storage.delete("nativ.credentials")
    await storage.delete("nativ.credentials")
    expect(await storage.get("nativ.credentials")).toBeUndefined()
  })

  it("reads UTF-8 back without TextDecoder, which older UXP versions lack", async () => {
    const ps = new FakePhotoshop()
    const storage = secureTokenStorage(ps.uxp)
    await storage.set("k", '{"company":"Café Ünïcode ✓"}')
    const decoder = globalThis.TextDecoder
    try {
      Reflect.deleteProperty(globalThis, "TextDecoder")
      expect(await storage.get("k")).toBe('{"company":"Café Ünïcode ✓"}')
    } finally {
      globalThis.TextDecoder = decoder
    }
  })
})

describe("the server this build belongs to", () => {
  it("is the network domain the server wrote into the plugin's manifest", async () => {
    const ps = new FakePhotoshop({ serverUrl: "https://nativ.example.com" })
    expect(await serverUrlFromManifest(ps.uxp)).toBe("https://nativ.example.com")
  })

  it("asks for a fresh download when the manifest names no server", async () => {
    const ps = new FakePhotoshop()
    ps.pluginFiles["manifest.json"] = JSON.stringify({ manifestVersion: 5 })
    await expect(serverUrlFromManifest(ps.uxp)).rejects.toThrow(
      "This copy of the plugin names no Nativ server. Download it again from your Nativ dashboard's Plugins page.",
    )
  })
})
