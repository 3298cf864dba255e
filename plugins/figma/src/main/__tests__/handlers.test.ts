import { describe, expect, it } from "vitest"

import type { ApplyRequest, Scope } from "../../protocol"
import {
  FakeFigma,
  type FakeFrameNode,
  FakeRectangleNode,
  FakeTextNode,
} from "../../testing/fake-figma"
import { createHandlers } from "../handlers"
import { KEY } from "../plugin-data"

const selection: Scope = { kind: "selection", includeHidden: false }
const page: Scope = { kind: "page", includeHidden: false }
const fr = { name: "French", code: "FR" }
const de = { name: "German", code: "DE" }

/** Two frames on a page: a checkout with a price and a button, and a header. */
function checkout() {
  const fake = new FakeFigma()
  const title = fake.text({ name: "Title", characters: "Checkout" })
  const price = fake.text({ name: "Price", characters: "Total: 1,234.50" })
  const button = fake.text({
    name: "Button",
    characters: "Pay now",
    textAutoResize: "NONE",
    width: 100,
    height: 20,
  })
  const frame = fake.frame({ name: "Checkout", width: 400, height: 300 }, [title, price, button])
  const header = fake.frame({ name: "Header", y: 400, width: 400, height: 100 }, [
    fake.text({ name: "Logo", characters: "Nativ" }),
  ])
  fake.place(frame, header)
  fake.currentPage.selection = [frame]
  return { fake, frame, header, title, price, button, handlers: createHandlers(fake.api) }
}

const prefixed = (code: string, texts: string[]) =>
  Object.fromEntries(texts.map((t) => [t, `${code} ${t}`]))

describe("scan", () => {
  it("collects the selection's texts with the file key; the page scope takes every frame", async () => {
    const { handlers } = checkout()
    const scan = await handlers.scan(selection)
    expect(scan.fileId).toBe("FAKEFILEKEY123")
    expect(scan.texts.map((t) => t.text)).toEqual(["Checkout", "Total: 1,234.50", "Pay now"])
    expect(scan.frames.map((f) => f.name)).toEqual(["Checkout"])
    expect((await handlers.scan(page)).texts).toHaveLength(4)
  })

  it("skips hidden layers unless asked, and lists locked layers and missing fonts", async () => {
    const { fake, frame, title, price, button, handlers } = checkout()
    title.visible = false
    price.locked = true
    ;(button as FakeTextNode).missingFont = true
    const scan = await handlers.scan(selection)
    expect(scan.texts).toEqual([])
    expect(scan.hiddenSkipped).toBe(1)
    expect(scan.locked).toEqual([{ id: price.id, name: "Price", reason: "Locked" }])
    expect(scan.missingFonts.map((l) => l.name)).toEqual(["Button"])
    expect((await handlers.scan({ ...selection, includeHidden: true })).texts).toHaveLength(1)
    frame.locked = true
    title.visible = true
    expect((await handlers.scan(selection)).locked).toHaveLength(3)
    expect(fake.fontLoads).toEqual([])
  })

  it("gives a file without a key one id, kept in the document", async () => {
    const { fake, handlers } = checkout()
    fake.fileKey = undefined
    const first = (await handlers.scan(selection)).fileId
    expect(first).toMatch(/^figma-local-/)
    expect((await createHandlers(fake.api).scan(selection)).fileId).toBe(first)
  })

  it("sends a layer's stored character limit with its text", async () => {
    const { fake, button, handlers } = checkout()
    fake.currentPage.selection = [button]
    expect(await handlers.setLimit(12)).toEqual({ layers: 1 })
    expect(button.getPluginData(KEY.maxCharacters)).toBe("12")
    fake.currentPage.selection = [fake.currentPage.children[0]!]
    const scan = await handlers.scan(selection)
    expect(scan.texts.find((t) => t.id === button.id)?.maxCharacters).toBe(12)
  })
})

describe("copies", () => {
  const texts = ["Checkout", "Total: 1,234.50", "Pay now"]
  const request = (languages = [fr, de]): ApplyRequest => ({
    scope: selection,
    mode: "copies",
    languages,
    translations: { FR: prefixed("FR", texts), DE: prefixed("DE", texts) },
  })

  it("clones the frame once per language, to its right, named for the language", async () => {
    const { fake, frame, handlers } = checkout()
    const result = await handlers.apply(request())
    expect(result.changed).toBe(6)
    expect(result.copies.map((c) => [c.name, c.created])).toEqual([
      ["Checkout — French (FR)", true],
      ["Checkout — German (DE)", true],
    ])
    const [, , french, german] = fake.currentPage.children as FakeFrameNode[]
    expect(french!.x).toBe(frame.x + frame.width + 80)
    expect(german!.x).toBe(french!.x + french!.width + 80)
    expect(french!.y).toBe(frame.y)
    expect((french!.children[1] as FakeTextNode).characters).toBe("FR Total: 1,234.50")
    expect((frame.children[1] as FakeTextNode).characters).toBe("Total: 1,234.50")
    // Each font once, however many layers and languages.
    expect(fake.fontLoads).toEqual(["Inter Regular"])
  })

  it("updates the earlier copy when run again, instead of making another", async () => {
    const { fake, frame, handlers } = checkout()
    await handlers.apply(request([fr]))
    ;(frame.children[0] as FakeTextNode).characters = "Checkout"
    const again = await handlers.apply({
      ...request([fr]),
      translations: { FR: { ...prefixed("FR", texts), Checkout: "Caisse" } },
    })
    expect(again.copies).toEqual([expect.objectContaining({ created: false })])
    expect(fake.currentPage.children).toHaveLength(3)
    const copy = fake.currentPage.children[2] as FakeFrameNode
    expect((copy.children[0] as FakeTextNode).characters).toBe("Caisse")
  })

  it("right-aligns the texts of a right-to-left language's copy", async () => {
    const { fake, handlers } = checkout()
    await handlers.apply({
      scope: selection,
      mode: "copies",
      languages: [{ name: "Arabic", code: "AR" }],
      translations: { AR: prefixed("AR", texts) },
    })
    const copy = fake.currentPage.children[2] as FakeFrameNode
    expect((copy.children[0] as FakeTextNode).textAlignHorizontal).toBe("RIGHT")
  })

  it("flags a fixed box its translation overflows as Critical, and Shorten fixes it", async () => {
    const { handlers } = checkout()
    const result = await handlers.apply({
      ...request([de]),
      translations: { DE: { "Pay now": "Jetzt sicher bezahlen" } },
    })
    expect(result.overflows).toEqual([
      expect.objectContaining({ code: "DE", severity: "critical", source: "Pay now", fits: 9 }),
    ])
    const item = result.overflows[0]!
    expect(await handlers.setText(item.id, "DE", item.source, "Jetzt zahlen")).not.toBeNull()
    expect(await handlers.setText(item.id, "DE", item.source, "Zahlen")).toBeNull()
  })

  it("warns when an auto-width text grows past its fixed-width auto-layout parent", async () => {
    const fake = new FakeFigma()
    const label = fake.text({ name: "Label", characters: "Save" })
    const row = fake.frame({ name: "Row", width: 120, height: 40 }, [label])
    row.layoutMode = "HORIZONTAL"
    row.paddingLeft = row.paddingRight = 10
    fake.place(row)
    fake.currentPage.selection = [row]
    const result = await createHandlers(fake.api).apply({
      scope: selection,
      mode: "copies",
      languages: [fr],
      translations: { FR: { Save: "Enregistrer les modifications" } },
    })
    expect(result.overflows).toEqual([expect.objectContaining({ severity: "warning", fits: 10 })])
  })
})

describe("styled text", () => {
  function promo(fake: FakeFigma) {
    const text = fake.text({
      name: "Promo",
      characters: "Save 20% today",
      runs: [
        { length: 5, style: {} },
        { length: 3, style: { fontName: { family: "Inter", style: "Bold" } } },
        { length: 6, style: {} },
      ],
    })
    fake.place(fake.frame({ name: "Promo" }, [text]))
    fake.currentPage.selection = [text]
    return text
  }

  it("keeps a bold run on its words when the translation still has them", async () => {
    const fake = new FakeFigma()
    const text = promo(fake)
    const result = await createHandlers(fake.api).apply({
      scope: selection,
      mode: "in-place",
      languages: [de],
      translations: { DE: { "Save 20% today": "Heute 20% sparen" } },
    })
    expect(result.styleFallbacks).toEqual([])
    const bold = text.getStyledTextSegments(["fontName"]).find((s) => s.fontName.style === "Bold")
    expect(bold?.characters).toBe("20%")
    expect(fake.fontLoads.sort()).toEqual(["Inter Bold", "Inter Regular"])
  })

  it("gives the whole text the first run's style when a run's words are gone, and says so", async () => {
    const fake = new FakeFigma()
    const text = promo(fake)
    const result = await createHandlers(fake.api).apply({
      scope: selection,
      mode: "in-place",
      languages: [de],
      translations: { DE: { "Save 20% today": "Heute zwanzig Prozent sparen" } },
    })
    expect(result.styleFallbacks.map((l) => l.id)).toEqual([text.id])
    expect(text.fontName).toEqual({ family: "Inter", style: "Regular" })
  })
})

describe("in place", () => {
  it("replaces the texts as one undo step and restores them after the file is reopened", async () => {
    const { fake, frame, handlers } = checkout()
    const result = await handlers.apply({
      scope: selection,
      mode: "in-place",
      languages: [fr],
      translations: { FR: { Checkout: "Paiement", "Pay now": "Payer" } },
    })
    expect(result.changed).toBe(2)
    expect(fake.undoSteps).toBe(1)
    expect((frame.children[0] as FakeTextNode).characters).toBe("Paiement")
    expect(fake.currentPage.children).toHaveLength(2)

    // Another run in place keeps the first original for Restore.
    await handlers.apply({
      scope: selection,
      mode: "in-place",
      languages: [de],
      translations: { DE: { Paiement: "Kasse" } },
    })
    const reopened = createHandlers(fake.api)
    expect(await reopened.restore(selection)).toEqual({ restored: 2 })
    expect((frame.children[0] as FakeTextNode).characters).toBe("Checkout")
    expect((frame.children[2] as FakeTextNode).characters).toBe("Pay now")
    expect(frame.children[0]!.getPluginData(KEY.original)).toBe("")
  })

  it("changes an instance's texts as overrides, leaving its main component alone", async () => {
    const fake = new FakeFigma()
    const main = fake.frame({ name: "Button", type: "COMPONENT" }, [
      fake.text({ characters: "OK" }),
    ])
    const instance = fake.frame({ name: "Button", type: "INSTANCE", y: 100 }, [
      fake.text({ characters: "OK" }),
    ])
    fake.place(main, instance)
    fake.currentPage.selection = [instance]
    const result = await createHandlers(fake.api).apply({
      scope: selection,
      mode: "in-place",
      languages: [fr],
      translations: { FR: { OK: "D'accord" } },
    })
    expect(result.changed).toBe(1)
    expect((instance.children[0] as FakeTextNode).characters).toBe("D'accord")
    expect((main.children[0] as FakeTextNode).characters).toBe("OK")
  })

  it("never changes a main component's texts in place", async () => {
    const fake = new FakeFigma()
    const component = fake.frame({ name: "Button", type: "COMPONENT" }, [
      fake.text({ characters: "OK" }),
    ])
    fake.place(component)
    fake.currentPage.selection = [component]
    const handlers = createHandlers(fake.api)
    expect((await handlers.scan(selection)).mainComponents).toHaveLength(1)
    const result = await handlers.apply({
      scope: selection,
      mode: "in-place",
      languages: [fr],
      translations: { FR: { OK: "D'accord" } },
    })
    expect(result.changed).toBe(0)
    expect((component.children[0] as FakeTextNode).characters).toBe("OK")
  })
})

describe("images", () => {
  it("lists a copy's image fills once per image and swaps one for new bytes in that copy only", async () => {
    const fake = new FakeFigma()
    const photo = new Uint8Array([0x89, 0x50, 1, 2])
    const banner = fake.frame({ name: "Banner" }, [
      fake.rectangle({ name: "Hero" }, photo),
      fake.rectangle({ name: "Thumb" }, photo),
      fake.text({ characters: "Hi" }),
    ])
    fake.place(banner)
    fake.currentPage.selection = [banner]
    const handlers = createHandlers(fake.api)
    const { copies } = await handlers.apply({
      scope: selection,
      mode: "copies",
      languages: [fr],
      translations: { FR: { Hi: "Salut" } },
    })
    const [image, ...others] = await handlers.images(copies.map((c) => c.id))
    expect(others).toEqual([])
    expect(image!.nodeIds).toHaveLength(2)
    expect(await handlers.imageBytes(image!.hash)).toEqual(photo)
    expect(await handlers.replaceImage(image!.nodeIds, image!.hash, new Uint8Array([9]))).toBe(2)
    const copy = fake.currentPage.children[1] as FakeFrameNode
    const hashes = (node: FakeFrameNode) =>
      node.children.flatMap((c) => (c instanceof FakeRectangleNode ? c.fills : []))
    expect(hashes(copy).map((p: Paint) => (p as ImagePaint).imageHash)).toEqual([
      fake.createImage(new Uint8Array([9])).hash,
      fake.createImage(new Uint8Array([9])).hash,
    ])
    expect(hashes(banner).map((p: Paint) => (p as ImagePaint).imageHash)).toEqual([
      image!.hash,
      image!.hash,
    ])
  })
})

describe("select", () => {
  it("selects the listed layers and brings them into view", async () => {
    const { fake, button, handlers } = checkout()
    await handlers.select([button.id])
    expect(fake.currentPage.selection).toEqual([button])
    expect(fake.viewport.zoomedInto).toEqual([button])
  })
})

it("keeps a Figma-typed node class for text (sanity of the fake's import)", () => {
  expect(new FakeFigma().text({ characters: "x" })).toBeInstanceOf(FakeTextNode)
})
