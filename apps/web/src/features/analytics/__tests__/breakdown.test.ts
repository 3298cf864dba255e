import { describe, expect, it } from "vitest"

import { parseBreakdown, toBreakdownBars } from "../lib/breakdown"

const row = (key: string, credits: number, operations = credits) => ({
  key,
  label: key || "No API key",
  credits,
  operations,
})

describe("credits breakdown", () => {
  it("draws each group against the largest and sums the groups past the top into Other", () => {
    const rows = Array.from({ length: 13 }, (_, i) => row(`g${i}`, 130 - i * 10, 1))
    const bars = toBreakdownBars(rows)
    expect(bars).toHaveLength(11)
    expect(bars[0]).toMatchObject({ key: "g0", credits: 130, scale: 1 })
    expect(bars[9]).toMatchObject({ key: "g9", credits: 40 })
    expect(bars[10]).toMatchObject({
      label: "Other (3 more)",
      credits: 30 + 20 + 10,
      operations: 3,
    })
    expect(bars[10]!.scale).toBeCloseTo(60 / 130)
  })

  it("keeps groups without credits (free repeats) at zero length", () => {
    expect(toBreakdownBars([row("", 0, 4)])).toEqual([
      { key: "", label: "No API key", credits: 0, operations: 4, scale: 0 },
    ])
  })

  it("reads the breakdown from the URL, language by default", () => {
    expect(parseBreakdown("api_key")).toBe("api_key")
    expect(parseBreakdown(null)).toBe("language")
    expect(parseBreakdown("day")).toBe("language")
  })
})
