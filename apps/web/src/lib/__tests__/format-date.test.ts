import { describe, expect, it } from "vitest"

import { formatDateTime } from "../format"

describe("formatDateTime", () => {
  it("writes short month, day, year and time in US English", () => {
    expect(formatDateTime("2026-03-10T13:05:00Z", "UTC")).toBe("Mar 10, 2026, 1:05 PM")
  })

  it("shows the time in the given time zone, including the day change", () => {
    expect(formatDateTime("2026-03-10T23:30:00Z", "Asia/Tokyo")).toBe("Mar 11, 2026, 8:30 AM")
    expect(formatDateTime("2026-03-10T03:30:00Z", "America/New_York")).toBe("Mar 9, 2026, 11:30 PM")
  })

  it("shows '-' for a missing or unreadable timestamp", () => {
    expect(formatDateTime(null)).toBe("-")
    expect(formatDateTime("")).toBe("-")
    expect(formatDateTime("soon")).toBe("-")
  })
})
