import { describe, expect, it } from "vitest"

import { countOf, formatFullDateTime, plural } from "../format"

describe("countOf", () => {
  it("says one of a thing in the singular and any other count in the plural", () => {
    expect(countOf(1, "credit")).toBe("1 credit")
    expect(countOf(0, "credit")).toBe("0 credits")
    expect(countOf(2, "member")).toBe("2 members")
    expect(countOf(20_000, "credit")).toBe("20,000 credits")
  })

  it("takes the plural of a noun that does not just add an s", () => {
    expect(countOf(1, "entry", "entries")).toBe("1 entry")
    expect(countOf(3, "entry", "entries")).toBe("3 entries")
  })
})

describe("plural", () => {
  it("gives the noun alone, for a count shown apart", () => {
    expect(plural(1, "credit")).toBe("credit")
    expect(plural(1.5, "credit")).toBe("credits")
    expect(plural(7, "day")).toBe("days")
  })
})

describe("formatFullDateTime", () => {
  it("writes the whole moment, to the second and with the zone", () => {
    expect(formatFullDateTime("2026-11-26T21:25:19Z", "UTC")).toBe(
      "Thursday, November 26, 2026 at 9:25:19 PM UTC",
    )
    expect(formatFullDateTime("not a date")).toBe("-")
  })
})
