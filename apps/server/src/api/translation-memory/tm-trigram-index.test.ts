import { describe, expect, it } from "vitest"

import {
  type IndexedEntry,
  languageFits,
  TrigramDictionary,
  TrigramIndex,
} from "./tm-trigram-index"

/** pg_trgm's trigrams of ASCII words, enough to stand in for show_trgm here. */
const trigramsOf = (text: string) => [
  ...new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .flatMap((word) => {
        const padded = `  ${word} `
        return Array.from({ length: padded.length - 2 }, (_, i) => padded.slice(i, i + 3))
      }),
  ),
]

function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

const SYLLABLES = "ka ri to me su na lo pe vi da".split(" ")

/** Every entry checked one by one: what the index must answer. */
function bruteForce(
  entries: Map<string, IndexedEntry>,
  query: string,
  threshold: number,
  limit: number,
) {
  const q = new Set(trigramsOf(query))
  return [...entries.values()]
    .filter((e) => e.enabled && languageFits(e.source, "en") && languageFits(e.target, "de"))
    .map((e) => {
      const common = e.trigrams.filter((t) => q.has(t)).length
      const similarity =
        q.size === 0 ? 0 : Math.fround(common / (q.size + e.trigrams.length - common))
      return { e, similarity, same: e.text === query }
    })
    .filter((m) => m.similarity >= threshold)
    .sort(
      (a, b) =>
        Number(b.same) - Number(a.same) ||
        b.similarity - a.similarity ||
        b.e.priority - a.e.priority ||
        b.e.updated_us - a.e.updated_us ||
        (a.e.id < b.e.id ? -1 : 1),
    )
    .slice(0, limit)
    .map((m) => ({ id: m.e.id, similarity: m.similarity }))
}

describe("the in-memory trigram index", () => {
  it("answers as checking every entry does, through thousands of puts, edits and removals", () => {
    const next = random(3)
    const word = () =>
      Array.from(
        { length: 1 + Math.floor(next() * 3) },
        () => SYLLABLES[Math.floor(next() * SYLLABLES.length)],
      ).join("")
    const text = () => Array.from({ length: 2 + Math.floor(next() * 4) }, word).join(" ")
    const index = new TrigramIndex(new TrigramDictionary())
    const entries = new Map<string, IndexedEntry>()
    let id = 0
    const put = (entry: IndexedEntry) => {
      index.put(entry)
      entries.set(entry.id, entry)
    }
    const check = () => {
      for (let i = 0; i < 30; i++) {
        const query =
          i % 2 ? text() : [...entries.values()][Math.floor(next() * entries.size)]!.text
        const threshold = [0.5, 0.6, 0.8][i % 3]!
        expect(
          index.search({
            text: query,
            trigrams: trigramsOf(query),
            source: "en",
            target: "de",
            threshold,
            limit: 20,
          }),
          query,
        ).toEqual(bruteForce(entries, query, threshold, 20))
      }
    }
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 1_500; i++) {
        const t = text()
        put({
          id: `e${String(id++).padStart(6, "0")}`,
          text: t,
          trigrams: trigramsOf(t),
          enabled: next() > 0.1,
          source: "en",
          target: next() > 0.8 ? "fr" : "de",
          priority: Math.floor(next() * 3) * 25,
          updated_us: Math.floor(next() * 5),
        })
      }
      // Edit a third (new text or the same text re-enabled), remove a third.
      for (const entry of [...entries.values()]) {
        const roll = next()
        if (roll < 0.15) {
          const t = text()
          put({ ...entry, text: t, trigrams: trigramsOf(t) })
        } else if (roll < 0.3) put({ ...entry, enabled: !entry.enabled, priority: 100 })
        else if (roll < 0.6) {
          index.remove(entry.id)
          entries.delete(entry.id)
        }
      }
      expect(index.size).toBe(entries.size)
      check()
    }
    // Most entries gone: the index lists its postings again from the texts left.
    for (const entry of [...entries.values()].filter(() => next() < 0.8)) {
      index.remove(entry.id)
      entries.delete(entry.id)
    }
    check()
  })

  it("finds nothing for a query without trigrams, or when a match would need unseen trigrams", () => {
    const index = new TrigramIndex(new TrigramDictionary())
    index.put({
      id: "a",
      text: "kari tome",
      trigrams: trigramsOf("kari tome"),
      enabled: true,
      source: "en",
      target: "de",
      priority: 50,
      updated_us: 0,
    })
    const search = (text: string) =>
      index.search({
        text,
        trigrams: trigramsOf(text),
        source: "en",
        target: "de",
        threshold: 0.5,
        limit: 10,
      })
    expect(search("!!!")).toEqual([])
    expect(search("zzzzzz qqqqqq")).toEqual([])
    expect(search("kari tome").map((m) => m.id)).toEqual(["a"])
  })

  it("fits languages as the SQL search does: fr finds fr-ca, fr-fr finds fr, never fr-ca", () => {
    expect(languageFits("fr-ca", "fr")).toBe(true)
    expect(languageFits("fr", "fr-fr")).toBe(true)
    expect(languageFits("fr-ca", "fr-fr")).toBe(false)
    expect(languageFits("fra", "fr")).toBe(false)
  })
})
