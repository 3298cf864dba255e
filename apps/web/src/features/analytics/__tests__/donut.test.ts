import { describe, expect, it } from "vitest"

import { CHART_COLORS, percentLabel, toDonutSlices } from "../lib/donut"

const row = (language: string, count: number) => ({ language, count })

describe("toDonutSlices", () => {
  it("keeps the five largest languages and sums the rest into 'Other'", () => {
    const slices = toDonutSlices([
      row("French", 50),
      row("German", 40),
      row("Spanish", 30),
      row("Japanese", 20),
      row("Italian", 10),
      row("Dutch", 5),
      row("Korean", 3),
    ])
    expect(slices.map((s) => [s.language, s.count])).toEqual([
      ["French", 50],
      ["German", 40],
      ["Spanish", 30],
      ["Japanese", 20],
      ["Italian", 10],
      ["Other", 8],
    ])
  })

  it("breaks ties by name, so six languages with equal counts leave the last by name in 'Other'", () => {
    const slices = toDonutSlices(
      ["Spanish", "Dutch", "French", "German", "Italian", "Arabic"].map((l) => row(l, 7)),
    )
    expect(slices.map((s) => s.language)).toEqual([
      "Arabic",
      "Dutch",
      "French",
      "German",
      "Italian",
      "Other",
    ])
    expect(slices.at(-1)?.count).toBe(7)
  })

  it("adds no 'Other' slice when nothing is left over", () => {
    const slices = toDonutSlices([row("French", 3), row("German", 1)])
    expect(slices.map((s) => s.language)).toEqual(["French", "German"])
  })

  it("adds no 'Other' slice when the server's 'Other' row is 0", () => {
    const slices = toDonutSlices([row("French", 3), row("Other", 0)])
    expect(slices.map((s) => s.language)).toEqual(["French"])
  })

  it("keeps the server's 'Other' row last even when it is the largest", () => {
    const slices = toDonutSlices([
      row("French", 10),
      row("German", 9),
      row("Spanish", 8),
      row("Japanese", 7),
      row("Italian", 6),
      row("Other", 500),
    ])
    expect(slices.map((s) => s.language)).toEqual([
      "French",
      "German",
      "Spanish",
      "Japanese",
      "Italian",
      "Other",
    ])
    expect(slices.at(-1)?.count).toBe(500)
  })

  it("labels each slice with its share to one decimal", () => {
    const slices = toDonutSlices([row("French", 1), row("German", 1), row("Spanish", 1)])
    expect(slices.map((s) => s.label)).toEqual(["33.3%", "33.3%", "33.3%"])
    expect(slices[0]?.percent).toBeCloseTo(1 / 3)
  })

  it("colours slices from the 18-colour palette in order", () => {
    expect(CHART_COLORS).toHaveLength(18)
    expect(new Set(CHART_COLORS).size).toBe(18)
    const slices = toDonutSlices([row("French", 2), row("German", 1)])
    expect(slices.map((s) => s.color)).toEqual([CHART_COLORS[0], CHART_COLORS[1]])
  })

  it("gives no slices for no data", () => {
    expect(toDonutSlices([])).toEqual([])
  })
})

describe("percentLabel", () => {
  it("rounds to one decimal and handles a zero total", () => {
    expect(percentLabel(2, 3)).toBe("66.7%")
    expect(percentLabel(1, 1)).toBe("100.0%")
    expect(percentLabel(0, 0)).toBe("0.0%")
  })
})
