import { describe, expect, it } from "vitest"

import { relativeTime } from "../format"

const now = new Date("2026-03-10T12:00:00.000Z")
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString()

describe("relativeTime", () => {
  it("counts seconds below one minute", () => {
    expect(relativeTime(ago(0), now)).toBe("0 seconds ago")
    expect(relativeTime(ago(59), now)).toBe("59 seconds ago")
  })

  it("switches to minutes at exactly 60 seconds", () => {
    expect(relativeTime(ago(60), now)).toBe("1 mins ago")
    expect(relativeTime(ago(3599), now)).toBe("59 mins ago")
  })

  it("switches to hours at exactly 3600 seconds", () => {
    expect(relativeTime(ago(3600), now)).toBe("1 hours ago")
    expect(relativeTime(ago(86_399), now)).toBe("23 hours ago")
  })

  it("switches to days at exactly 86400 seconds", () => {
    expect(relativeTime(ago(86_400), now)).toBe("1 days ago")
    expect(relativeTime(ago(45 * 86_400 + 5), now)).toBe("45 days ago")
  })

  it("ignores fractions of a second when counting", () => {
    expect(relativeTime(new Date(now.getTime() - 59_999).toISOString(), now)).toBe("59 seconds ago")
  })

  it("says 'Unknown time' for a missing or unreadable timestamp", () => {
    expect(relativeTime(null, now)).toBe("Unknown time")
    expect(relativeTime(undefined, now)).toBe("Unknown time")
    expect(relativeTime("", now)).toBe("Unknown time")
    expect(relativeTime("not a date", now)).toBe("Unknown time")
  })

  it("treats a timestamp slightly in the future as just now", () => {
    expect(relativeTime(ago(-5), now)).toBe("0 seconds ago")
  })
})
