import { describe, expect, it } from "vitest"

import { contextWithNote, packTexts, parsePackedAnswer } from "./packed-batch"
import { batchMessage, buildBatchSystemPrompt } from "./prompt"

describe("packTexts", () => {
  it("packs at most 20 texts per call", () => {
    const packs = packTexts(Array.from({ length: 45 }, () => "Hi"))
    expect(packs.map((p) => p.length)).toEqual([20, 20, 5])
    expect(packs.flat()).toEqual(Array.from({ length: 45 }, (_, i) => i))
  })

  it("starts a new pack before 8,000 characters, and sends a longer text alone", () => {
    const texts = ["a".repeat(5_000), "b".repeat(2_000), "c".repeat(2_000), "d".repeat(9_000), "e"]
    expect(packTexts(texts)).toEqual([[0, 1], [2], [3], [4]])
  })
})

describe("parsePackedAnswer", () => {
  it("reads a JSON array of {id, text}, in a code fence or an object too", () => {
    const expected = new Map([
      [0, ["Eins"]],
      [1, ["Zwei"]],
    ])
    const array = '[{"id":0,"text":"Eins"},{"id":"1","text":"Zwei"}]'
    expect(parsePackedAnswer(array)).toEqual(expected)
    expect(parsePackedAnswer("```json\n" + array + "\n```")).toEqual(expected)
    expect(parsePackedAnswer(`{"items": ${array}}`)).toEqual(expected)
  })

  it("keeps every text a repeated id was given, and skips entries of another shape", () => {
    const answer = '[{"id":0,"text":"A"},{"id":0,"text":"B"},{"id":1},{"id":"x","text":"C"},3]'
    expect(parsePackedAnswer(answer)).toEqual(new Map([[0, ["A", "B"]]]))
  })

  it("gives null for an answer that is not JSON or holds no array", () => {
    expect(parsePackedAnswer("Here you go: Eins, Zwei")).toBeNull()
    expect(parsePackedAnswer('{"text": "Eins"}')).toBeNull()
  })
})

describe("notes of packed texts", () => {
  it("go with their item only, and the prompt says what they are only when an item has one", () => {
    expect(
      batchMessage([
        { id: 0, text: "Save", note: "A button" },
        { id: 1, text: "Open" },
      ]),
    ).toBe('[{"id":0,"text":"Save","note":"A button"},{"id":1,"text":"Open"}]')
    const shared = { language: "German", languageCode: "de", glossary: [] }
    const noted = buildBatchSystemPrompt({ ...shared, texts: ["Save"], notes: true })
    expect(noted).toContain('Some items also have a "note"')
    expect(noted).toContain("never translate the note")
    expect(buildBatchSystemPrompt({ ...shared, texts: ["Save"] })).not.toContain('"note"')
  })

  it("follow the shared context when a text is sent alone", () => {
    expect(contextWithNote("A file manager", "A button")).toBe(
      "A file manager\n\nAbout this text: A button",
    )
    expect(contextWithNote(undefined, "A button")).toBe("A button")
    expect(contextWithNote("A file manager", undefined)).toBe("A file manager")
  })
})
