import { describe, expect, it } from "vitest"

import {
  customRangeProblem,
  parseRangeChoice,
  resolveRange,
  todayIn,
  writeRangeChoice,
} from "../lib/date-range"

const choice = (query: string) => parseRangeChoice(new URLSearchParams(query))

describe("date range", () => {
  it("defaults to All time, the spec's view, with nothing in the URL", () => {
    expect(choice("")).toEqual({ preset: "all", from: null, to: null })
    expect(choice("range=nonsense")).toEqual({ preset: "all", from: null, to: null })
    expect(writeRangeChoice(new URLSearchParams("range=7d&page=2"), choice("")).toString()).toBe(
      "page=2",
    )
  })

  it("resolves each preset to inclusive days ending today", () => {
    const today = "2026-03-15"
    const days = (query: string) => resolveRange(choice(query), today)
    expect(days("range=7d")).toEqual({ from: "2026-03-09", to: today })
    expect(days("range=30d")).toEqual({ from: "2026-02-14", to: today })
    expect(days("range=90d")).toEqual({ from: "2025-12-16", to: today })
    expect(days("range=this-month")).toEqual({ from: "2026-03-01", to: today })
    expect(days("range=last-month")).toEqual({ from: "2026-02-01", to: "2026-02-28" })
    expect(resolveRange(choice("range=last-month"), "2026-01-05")).toEqual({
      from: "2025-12-01",
      to: "2025-12-31",
    })
    expect(days("range=all")).toEqual({ from: null, to: null })
  })

  it("keeps a custom range's days in the URL and refuses unfinished or invalid ones", () => {
    const custom = choice("range=custom&from=2026-01-10&to=2026-02-01")
    expect(resolveRange(custom, "2026-03-15")).toEqual({ from: "2026-01-10", to: "2026-02-01" })
    expect(writeRangeChoice(new URLSearchParams(), custom).toString()).toBe(
      "range=custom&from=2026-01-10&to=2026-02-01",
    )
    expect(choice("range=custom&from=2026-02-30&to=2026-03-01").from).toBeNull()
    expect(resolveRange(choice("range=custom&to=2026-03-01"), "2026-03-15")).toBeNull()
    expect(customRangeProblem("2026-03-02", "2026-03-01")).toBe(
      "The start date must be on or before the end date.",
    )
    expect(customRangeProblem("2025-01-01", "2026-03-01")).toBe(
      "A range can span at most 400 days.",
    )
    expect(customRangeProblem("2025-01-31", "2026-03-05")).toBeNull()
  })

  it("takes today from the viewer's time zone", () => {
    const instant = new Date("2026-03-15T23:30:00Z")
    expect(todayIn("UTC", instant)).toBe("2026-03-15")
    expect(todayIn("Asia/Tokyo", instant)).toBe("2026-03-16")
    expect(todayIn("America/Los_Angeles", instant)).toBe("2026-03-15")
  })
})
