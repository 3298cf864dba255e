import { beforeAll, describe, expect, it } from "vitest"

import { FakeFigma } from "../fake-figma"
import { HOST_INTERFACES, type HostInterface, hostMembersUsed } from "./host-coverage"

let used: Map<HostInterface, Set<string>>
beforeAll(() => {
  used = hostMembersUsed()
}, 60_000)

function fakeFor(fake: FakeFigma, host: HostInterface): object {
  const frame = fake.frame({ name: "Frame" })
  const objects: Record<HostInterface, object> = {
    PluginAPI: fake,
    ClientStorageAPI: fake.clientStorage,
    UIAPI: fake.ui,
    ViewportAPI: fake.viewport,
    DocumentNode: fake.root,
    PageNode: fake.currentPage,
    FrameNode: frame,
    TextNode: fake.text({ characters: "Text" }),
    RectangleNode: fake.rectangle({ name: "Photo" }, new Uint8Array([1, 2, 3])),
    Image: fake.createImage(new Uint8Array([1, 2, 3])),
  }
  return objects[host]
}

describe("the fake Figma host", () => {
  it("implements every member of Figma's API that the main code uses", () => {
    const fake = new FakeFigma()
    const missing: string[] = []
    for (const host of HOST_INTERFACES)
      for (const member of used.get(host)!)
        if (!(member in fakeFor(fake, host))) missing.push(`${host}.${member}`)
    expect(missing).toEqual([])
    // The scan finds the calls the plugin depends on, so an empty list cannot pass by accident.
    expect([...used.get("PluginAPI")!]).toEqual(
      expect.arrayContaining(["loadFontAsync", "commitUndo", "clientStorage", "currentPage"]),
    )
    expect([...used.get("TextNode")!]).toEqual(
      expect.arrayContaining(["characters", "getStyledTextSegments", "hasMissingFont", "clone"]),
    )
  })

  it("refuses to set characters before the layer's font is loaded, as Figma does", async () => {
    const fake = new FakeFigma()
    const text = fake.text({ characters: "Hello" })
    expect(() => (text.characters = "Hallo")).toThrow(/unloaded font "Inter Regular"/)
    await fake.loadFontAsync({ family: "Inter", style: "Regular" })
    text.characters = "Hallo"
    expect(text.characters).toBe("Hallo")
    await expect(fake.loadFontAsync({ family: "Comic Sans", style: "Regular" })).rejects.toThrow()
  })

  it("cannot write a layer whose font is missing", async () => {
    const fake = new FakeFigma()
    const text = fake.text({ characters: "Hello" })
    text.missingFont = true
    await fake.loadFontAsync({ family: "Inter", style: "Regular" })
    expect(() => (text.characters = "Hallo")).toThrow(/missing font/)
  })

  it("reads figma.mixed for a mixed font and splits styled segments", () => {
    const fake = new FakeFigma()
    const text = fake.text({
      characters: "Hi there",
      runs: [{ length: 2, style: { fontName: { family: "Inter", style: "Bold" } } }],
    })
    expect(text.fontName).toBe(fake.mixed)
    expect(text.getStyledTextSegments(["fontName"]).map((s) => s.characters)).toEqual([
      "Hi",
      " there",
    ])
  })

  it("clones with plugin data under the current page; text boxes size by textAutoResize", async () => {
    const fake = new FakeFigma()
    await fake.loadFontAsync({ family: "Inter", style: "Regular" })
    const text = fake.text({ characters: "Hello", textAutoResize: "NONE", width: 30, height: 20 })
    text.setPluginData("k", "v")
    const copy = text.clone()
    expect(copy.getPluginData("k")).toBe("v")
    expect(copy.parent).toBe(fake.currentPage)
    expect(copy.height).toBe(20)
    copy.textAutoResize = "HEIGHT"
    expect(copy.height).toBe(40)
  })
})
