import {
  type BatchApi,
  type BatchRequest,
  InsufficientCreditsError,
  PSEUDO_LOCALE,
} from "@nativ/plugin-core"
import { describe, expect, it } from "vitest"

import { startPlugin } from "../../main/start"
import type { SelectionSummary } from "../../protocol"
import { FakeFigma, type FakeFrameNode, type FakeTextNode } from "../../testing/fake-figma"
import { connectToMain } from "../bridge"
import { contextFor, runLocalization } from "../run-localization"

/** The plugin's two halves on a fake Figma, joined by its message channel as Figma joins them. */
function plugin() {
  const fake = new FakeFigma()
  const card = fake.frame({ name: "Card" }, [
    fake.text({ name: "Title", characters: "Summer sale" }),
    fake.text({ name: "Price", characters: "Only $9.99" }),
  ])
  fake.place(card)
  fake.currentPage.selection = [card]
  startPlugin(fake.api, "<html></html>")
  const bridge = connectToMain({
    send: (message) => fake.ui.deliver(message),
    listen: (receive) => fake.ui.listeners.add(receive as (message: unknown) => void),
  })
  return { fake, card, ...bridge }
}

/**
 * A stand-in for the server's batch endpoint: "<code> <text>", one credit per item, except the
 * `remembered` text, answered from memory for free.
 */
function answering(refuse?: string, remembered?: string): BatchApi & { sent: BatchRequest[] } {
  const sent: BatchRequest[] = []
  return {
    sent,
    async culturalizeBatch(body) {
      if (body.language_code === refuse) throw new InsufficientCreditsError("No credits", 2, 0)
      sent.push(body)
      return {
        results: body.items.map((i) => ({
          id: i.id,
          translated_text: `${body.language_code} ${i.text}`,
          cost: i.text === remembered ? 0 : 1,
          from_memory: i.text === remembered,
        })),
        cost: body.items.filter((i) => i.text !== remembered).length,
        credits_remaining: 10,
        operation_id: String(sent.length),
      }
    },
    shorten: async () => ({ text: "", cost: 0 }),
  }
}

const scope = { kind: "selection" as const, includeHidden: false }
const texts = (node: FakeFrameNode) => node.children.map((c) => (c as FakeTextNode).characters)

describe("a localization through the plugin's message channel", () => {
  it("shows Figma's UI with its theme and answers the UI's calls", async () => {
    const { fake, main } = plugin()
    expect(fake.showUIOptions).toMatchObject({ themeColors: true })
    expect(await main.selection()).toEqual({ frames: 1, texts: 2, page: "Page 1" })
    await expect(main.setText("9:9", "FR", "x", "y")).rejects.toThrow("no longer in the file")
  })

  it("tells the UI when the selection changes", async () => {
    const { fake, onSelection } = plugin()
    const seen: SelectionSummary[] = []
    onSelection((selection) => seen.push(selection))
    fake.currentPage.selection = []
    fake.emit("selectionchange")
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(seen).toEqual([{ frames: 0, texts: 0, page: "Page 1" }])
  })

  it("sends the frames' names and the note as context, then writes the copies", async () => {
    const { fake, main } = plugin()
    const api = answering(undefined, "Summer sale")
    const summary = await runLocalization(main, api, {
      scope,
      mode: "copies",
      languages: [{ name: "French", code: "FR" }],
      note: "Spring campaign",
    })
    expect(api.sent[0]).toMatchObject({
      context: "Spring campaign\nFrames: Card",
      tool: "figma",
      items: [{ file_id: "FAKEFILEKEY123" }, { file_id: "FAKEFILEKEY123" }],
    })
    expect(summary).toMatchObject({
      changed: 2,
      creditsSpent: 1,
      fromMemory: 1,
      batchesSent: 1,
      texts: 2,
    })
    expect(texts(fake.currentPage.children[1] as FakeFrameNode)).toEqual([
      "FR Summer sale",
      "FR Only $9.99",
    ])
  })

  it("previews the pseudo-locale without calling the server", async () => {
    const { fake, main } = plugin()
    const summary = await runLocalization(main, null, { scope, mode: "in-place", languages: [] })
    expect(summary).toMatchObject({ pseudo: true, creditsSpent: 0, changed: 2 })
    const copy = fake.currentPage.children[1]!
    expect(copy.name).toBe(`Card — ${PSEUDO_LOCALE.name} (${PSEUDO_LOCALE.code})`)
    expect(texts(copy as FakeFrameNode)[0]).toMatch(/^\[Šûɱɱéŕ šàĺé/)
  })

  it("writes the languages paid for before a 402, then reports it", async () => {
    const { fake, card, main } = plugin()
    const error = await runLocalization(main, answering("DE"), {
      scope,
      mode: "copies",
      languages: [
        { name: "French", code: "FR" },
        { name: "German", code: "DE" },
      ],
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InsufficientCreditsError)
    expect(fake.currentPage.children.map((n) => n.name)).toEqual(["Card", "Card — French (FR)"])
    expect(texts(card)).toEqual(["Summer sale", "Only $9.99"])
  })

  it("culturalizes each copy's images into its language when asked, and counts their credits", async () => {
    const { fake, card, main } = plugin()
    card.appendChild(fake.rectangle({ name: "Photo" }, new Uint8Array([0x89, 0x50, 7])))
    const sentImages: { type: string; code: string }[] = []
    const api = {
      ...answering(),
      async culturalizeImage(image: Blob, fields: { language_code: string }) {
        sentImages.push({ type: image.type, code: fields.language_code })
        return { bytes: new Uint8Array([0x89, 0x50, fields.language_code.length]), cost: 10 }
      },
    }
    const summary = await runLocalization(main, api, {
      scope,
      mode: "copies",
      images: true,
      languages: [
        { name: "French", code: "FR" },
        { name: "German", code: "DE" },
      ],
    })
    expect(sentImages).toEqual([
      { type: "image/png", code: "FR" },
      { type: "image/png", code: "DE" },
    ])
    expect(summary).toMatchObject({ imagesChanged: 2, creditsSpent: 4 + 20 })
  })

  it("contextFor leaves out what is empty", () => {
    expect(contextFor("  ", [])).toBe("")
    expect(contextFor(undefined, ["A", "B"])).toBe("Frames: A, B")
  })
})
