import { describe, expect, it } from "vitest"

import { formatCredits } from "../format"

describe("formatCredits", () => {
  it("groups thousands with commas", () => {
    expect(formatCredits(0)).toBe("0")
    expect(formatCredits(999)).toBe("999")
    expect(formatCredits(20000)).toBe("20,000")
    expect(formatCredits(1234567)).toBe("1,234,567")
  })
})
