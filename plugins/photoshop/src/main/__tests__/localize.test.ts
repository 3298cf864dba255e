import { CancelToken, InsufficientCreditsError } from "@nativ/plugin-core"
import { describe, expect, it } from "vitest"

import { fakeBatchApi } from "../../testing/fake-api"
import { FakePhotoshop, type FakeLayerSpec } from "../../testing/fake-photoshop"
import { localizeDocument, type LocalizeOptions, PartlyDone } from "../localize"

const french = { name: "French", code: "FR" }
const german = { name: "German", code: "DE" }

const banner = (): FakeLayerSpec[] => [
  { kind: "text", name: "Title", text: "Summer sale" },
  {
    kind: "group",
    name: "Footer",
    layers: [
      { kind: "text", name: "Button", text: "Shop now" },
      { kind: "text", name: "Button again", text: "Shop now" },
      { kind: "pixel", name: "Background" },
    ],
  },
  { kind: "text", name: "Hidden note", text: "Draft", visible: false },
  { kind: "text", name: "Legal", text: "Terms apply", locked: true },
]

const options = (over: Partial<LocalizeOptions> = {}): LocalizeOptions => ({
  mode: "copies",
  languages: [french, german],
  saveCopies: true,
  selectionOnly: false,
  includeHidden: false,
  ...over,
})

function setup(layers = banner(), path = "/designs/banner.psd") {
  const ps = new FakePhotoshop({ document: { name: "banner.psd", path, layers } })
  return { ps, original: ps.document }
}

describe("localizing a document as copies", () => {
  it("makes one duplicate per language, saved beside the original, and leaves the original alone", async () => {
    const { ps, original } = setup()
    const { api, requests } = fakeBatchApi()

    const summary = await localizeDocument(ps.host, api, options())

    expect(original.texts()).toMatchObject({ Title: "Summer sale", Button: "Shop now" })
    expect(original.history).toEqual([])
    const fr = ps.documents.find((d) => d.name === "banner-fr.psd")!
    expect(fr.texts()).toMatchObject({
      Title: "[FR] Summer sale",
      Button: "[FR] Shop now",
      "Button again": "[FR] Shop now",
      "Hidden note": "Draft",
      Legal: "Terms apply",
    })
    expect(ps.files.get("/designs/banner-de.psd")).toMatchObject({ Title: "[DE] Summer sale" })
    expect(summary.copies).toEqual([
      { language: "French", code: "FR", name: "banner-fr", savedAs: "/designs/banner-fr.psd" },
      { language: "German", code: "DE", name: "banner-de", savedAs: "/designs/banner-de.psd" },
    ])
    // The same text in two layers is sent once; one batch per language, for the document's file.
    expect(requests.map((r) => r.items.map((i) => i.text))).toEqual([
      ["Summer sale", "Shop now"],
      ["Summer sale", "Shop now"],
    ])
    expect(requests.every((r) => r.tool === "photoshop")).toBe(true)
    expect(new Set(requests.flatMap((r) => r.items.map((i) => i.file_id))).size).toBe(1)
    expect(summary).toMatchObject({
      textsChanged: 6,
      textsSent: 2,
      creditsSpent: 4,
      batchesSent: 2,
    })
    expect(summary.skipped).toEqual([
      { name: "Legal", reason: "Locked layer: unlock it to localize it" },
    ])
  })

  it("counts the translations the server answered from memory, free", async () => {
    const { ps } = setup()
    const { api } = fakeBatchApi({ remembered: ["Shop now"] })
    const summary = await localizeDocument(ps.host, api, options())
    expect(summary).toMatchObject({ textsSent: 2, fromMemory: 2, creditsSpent: 2 })
  })

  it("keeps copies of a never-saved document open and says why they were not saved", async () => {
    const { ps } = setup(banner(), "")
    const summary = await localizeDocument(ps.host, fakeBatchApi().api, options())
    expect(ps.files.size).toBe(0)
    expect(summary.copies.map((c) => c.savedAs)).toEqual([null, null])
    expect(summary.notSaved).toMatch(/never been saved/)
    expect(ps.documents.map((d) => d.name)).toEqual(["banner.psd", "banner-fr", "banner-de"])
  })

  it("includes hidden layers when asked, and only the selected layers when asked", async () => {
    const { ps } = setup()
    const { api, requests } = fakeBatchApi()
    await localizeDocument(ps.host, api, options({ languages: [french], includeHidden: true }))
    expect(requests[0]!.items.map((i) => i.text)).toContain("Draft")

    ps.activeDocument = ps.documents[0]!
    ps.select("Footer")
    const selected = fakeBatchApi()
    await localizeDocument(
      ps.host,
      selected.api,
      options({ languages: [french], selectionOnly: true }),
    )
    expect(selected.requests[0]!.items.map((i) => i.text)).toEqual(["Shop now"])
  })
})

describe("localizing in place", () => {
  it("writes one language as one history state that a single Undo takes back", async () => {
    const { ps, original } = setup()
    const summary = await localizeDocument(
      ps.host,
      fakeBatchApi().api,
      options({ mode: "in-place", languages: [french] }),
    )
    expect(original.texts()).toMatchObject({ Title: "[FR] Summer sale", Button: "[FR] Shop now" })
    expect(original.history.map((h) => h.name)).toEqual(["Nativ: localize to French"])
    expect(ps.documents).toHaveLength(1)
    expect(summary.textsChanged).toBe(3)

    original.undo()
    expect(original.texts()).toMatchObject({ Title: "Summer sale", Button: "Shop now" })
  })

  it("refuses several languages in place before sending anything", async () => {
    const { ps } = setup()
    const { api, requests } = fakeBatchApi()
    await expect(localizeDocument(ps.host, api, options({ mode: "in-place" }))).rejects.toThrow(
      /choose one language/,
    )
    expect(requests).toHaveLength(0)
  })
})

describe("smart objects", () => {
  const withSmartObjects = (): FakeLayerSpec[] => [
    { kind: "text", name: "Title", text: "Summer sale" },
    {
      kind: "smartObject",
      name: "Badge",
      fileReference: "Badge.psb",
      layers: [{ kind: "text", name: "Badge text", text: "New" }],
    },
    { kind: "smartObject", name: "Logo", fileReference: "Logo.psb", linked: true },
    { kind: "smartObject", name: "Icon", fileReference: "Icon.ai" },
  ]

  it("localizes the text inside embedded smart objects and lists linked and vector ones as skipped", async () => {
    const { ps, original } = setup(withSmartObjects())
    const { api, requests } = fakeBatchApi()
    const summary = await localizeDocument(ps.host, api, options({ languages: [french] }))

    expect(requests[0]!.items.map((i) => i.text)).toEqual(["Summer sale", "New"])
    const copy = ps.documents.find((d) => d.name === "banner-fr.psd")!
    expect(copy.layerNamed("Badge").contents).toEqual([
      { kind: "text", name: "Badge text", text: "[FR] New" },
    ])
    expect(original.layerNamed("Badge").contents).toEqual([
      { kind: "text", name: "Badge text", text: "New" },
    ])
    expect(summary.skipped).toEqual([
      {
        name: "Logo",
        reason:
          "Linked smart object: its contents live in Logo.psb; open and localize that file itself",
      },
      {
        name: "Icon",
        reason:
          "Its contents (Icon.ai) are not a Photoshop document, so a plugin cannot edit their text",
      },
    ])
    // Every opened smart object was closed again.
    expect(ps.documents.map((d) => d.name)).toEqual(["banner.psd", "banner-fr.psd"])
  })

  it("folds the smart object's update into the one history state in place", async () => {
    const { ps, original } = setup(withSmartObjects())
    await localizeDocument(
      ps.host,
      fakeBatchApi().api,
      options({ mode: "in-place", languages: [german] }),
    )
    expect(original.layerNamed("Badge").contents).toEqual([
      { kind: "text", name: "Badge text", text: "[DE] New" },
    ])
    expect(original.history.map((h) => h.name)).toEqual(["Nativ: localize to German"])
  })
})

describe("pseudo-locale preview", () => {
  it("writes accented, longer, bracketed texts into an unsaved copy without sending anything", async () => {
    const { ps } = setup([
      { kind: "text", name: "Title", text: "Sale", box: { width: 60, height: 24 } },
    ])
    const { api, requests } = fakeBatchApi()
    const summary = await localizeDocument(ps.host, api, options({ languages: [], pseudo: true }))
    expect(requests).toHaveLength(0)
    const preview = ps.documents.find((d) => d.name === "banner-qps-ploc")!
    expect(preview.texts().Title).toMatch(/^\[Šàĺé ~*\]$/)
    expect(ps.files.size).toBe(0)
    expect(summary).toMatchObject({ creditsSpent: 0, batchesSent: 0, textsChanged: 1 })
    expect(summary.overflow.map((o) => [o.layer, o.severity])).toEqual([["Title", "critical"]])
  })
})

describe("overflow", () => {
  it("flags a clipped paragraph box as Critical and point text past the canvas as Warning", async () => {
    const { ps } = setup([
      { kind: "text", name: "Headline", text: "Sale", box: { width: 100, height: 30 } },
      { kind: "text", name: "Tagline", text: "Fits" },
      { kind: "text", name: "Body", text: "Short", box: { width: 300, height: 100 } },
    ])
    const long = "A much longer translation that wraps onto several lines"
    const { api } = fakeBatchApi({
      dictionary: { "FR:Sale": long, "FR:Fits": "x".repeat(130) },
    })
    const summary = await localizeDocument(ps.host, api, options({ languages: [french] }))
    expect(summary.overflow).toEqual([
      {
        layer: "Headline",
        language: "French",
        severity: "critical",
        detail: "Clipped: the text needs 144 px, its box is 30 px high",
        fits: expect.any(Number),
      },
      {
        layer: "Tagline",
        language: "French",
        severity: "warning",
        detail: "Runs past the canvas: 1300 px wide from 10 px, the canvas is 1200 px",
        fits: expect.any(Number),
      },
    ])
  })
})

describe("cancel and failures", () => {
  it("cancelled after the first language's batch: that copy is written and charged, the next is not", async () => {
    const { ps } = setup()
    const cancel = new CancelToken()
    const { api, requests, credits } = fakeBatchApi({ onBatch: () => cancel.cancel() })
    const summary = await localizeDocument(ps.host, api, options(), { cancel })
    expect(summary.cancelled).toBe(true)
    expect(requests).toHaveLength(1)
    expect(credits()).toBe(998)
    expect(summary.copies.map((c) => c.code)).toEqual(["FR"])
  })

  it("a 402 before any batch finished leaves the document unchanged and names balance and cost", async () => {
    const { ps, original } = setup()
    const error = await localizeDocument(
      ps.host,
      fakeBatchApi({ credits: 1 }).api,
      options({
        mode: "in-place",
        languages: [french],
      }),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InsufficientCreditsError)
    expect(error).toMatchObject({ cost: 2, balance: 1 })
    expect(original.texts()).toMatchObject({ Title: "Summer sale", Button: "Shop now" })
    expect(original.history).toEqual([])
  })

  it("a 402 for the second language keeps the first language's copy (it was charged) and reports both", async () => {
    const { ps } = setup()
    const error = await localizeDocument(
      ps.host,
      fakeBatchApi({ credits: 3 }).api,
      options(),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PartlyDone)
    const { error: cause, summary } = error as PartlyDone
    expect(cause).toBeInstanceOf(InsufficientCreditsError)
    expect(summary.copies.map((c) => c.code)).toEqual(["FR"])
    expect(summary.creditsSpent).toBe(2)
    expect(ps.files.has("/designs/banner-fr.psd")).toBe(true)
    expect(ps.files.has("/designs/banner-de.psd")).toBe(false)
  })

  it("in place, a layer that cannot be written drops the whole state: the document is as before", async () => {
    const { ps, original } = setup()
    // Someone locks a layer while the texts are on their way.
    const api = fakeBatchApi({
      onBatch: () => Object.assign(original.layerNamed("Button again"), { allLocked: true }),
    }).api
    await expect(
      localizeDocument(ps.host, api, options({ mode: "in-place", languages: [french] })),
    ).rejects.toThrow("Could not complete your request because the layer is locked.")
    expect(original.texts()).toMatchObject({ Title: "Summer sale", Button: "Shop now" })
    expect(original.history).toEqual([])
  })

  it("says what to do when no document is open or it has no text", async () => {
    const empty = new FakePhotoshop()
    await expect(localizeDocument(empty.host, fakeBatchApi().api, options())).rejects.toThrow(
      "Open a document in Photoshop first.",
    )
    const { ps } = setup([{ kind: "pixel", name: "Photo" }])
    await expect(localizeDocument(ps.host, fakeBatchApi().api, options())).rejects.toThrow(
      "This document has no text layers to localize.",
    )
  })
})
