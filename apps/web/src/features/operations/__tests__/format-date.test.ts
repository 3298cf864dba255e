import { describe, expect, it } from "vitest"

import { formatOperationDate } from "../lib/format-date"

describe("formatOperationDate", () => {
  it("writes short month, day, year and time in US English", () => {
    expect(formatOperationDate("2026-03-10T13:05:00Z", "UTC")).toBe("Mar 10, 2026, 1:05 PM")
  })

  it("shows the time in the given time zone, including the day change", () => {
    expect(formatOperationDate("2026-03-10T23:30:00Z", "Asia/Tokyo")).toBe("Mar 11, 2026, 8:30 AM")
    expect(formatOperationDate("2026-03-10T03:30:00Z", "America/New_York")).toBe(
      "Mar 9, 2026, 11:30 PM",
    )
  })

  it("shows '-' for a missing or unreadable timestamp", () => {
    expect(formatOperationDate(null)).toBe("-")
    expect(formatOperationDate("")).toBe("-")
    expect(formatOperationDate("soon")).toBe("-")
  })
})
