import { describe, expect, it } from "vitest"

import { pageCount, pageRange, pageWindow, parsePage, showingText } from "../lib/pagination"

describe("pageWindow", () => {
  it("starts at page 1 on the first pages", () => {
    expect(pageWindow(1, 14)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(2, 14)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(3, 14)).toEqual([1, 2, 3, 4, 5])
  })

  it("centres the current page in the middle", () => {
    expect(pageWindow(4, 14)).toEqual([2, 3, 4, 5, 6])
    expect(pageWindow(7, 14)).toEqual([5, 6, 7, 8, 9])
  })

  it("ends at the last page on the last pages", () => {
    expect(pageWindow(12, 14)).toEqual([10, 11, 12, 13, 14])
    expect(pageWindow(13, 14)).toEqual([10, 11, 12, 13, 14])
    expect(pageWindow(14, 14)).toEqual([10, 11, 12, 13, 14])
  })

  it("shows every page when there are fewer than five", () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(2, 3)).toEqual([1, 2, 3])
    expect(pageWindow(4, 4)).toEqual([1, 2, 3, 4])
  })

  it("shows exactly five pages when there are five", () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it("keeps a current page outside the range inside the window", () => {
    expect(pageWindow(99, 14)).toEqual([10, 11, 12, 13, 14])
    expect(pageWindow(0, 14)).toEqual([1, 2, 3, 4, 5])
  })
})

describe("pageCount", () => {
  it("rounds partial pages up and counts an empty list as one page", () => {
    expect(pageCount(0)).toBe(1)
    expect(pageCount(10)).toBe(1)
    expect(pageCount(11)).toBe(2)
    expect(pageCount(137)).toBe(14)
  })
})

describe("pageRange", () => {
  it("gives the inclusive zero-based rows of a page", () => {
    expect(pageRange(1)).toEqual({ from: 0, to: 9 })
    expect(pageRange(2)).toEqual({ from: 10, to: 19 })
  })
})

describe("showingText", () => {
  it("names the rows shown on first, middle and last pages", () => {
    expect(showingText(1, 137)).toBe("Showing 1-10 of 137 operations")
    expect(showingText(2, 137)).toBe("Showing 11-20 of 137 operations")
    expect(showingText(14, 137)).toBe("Showing 131-137 of 137 operations")
  })

  it("shows zero rows for an empty list", () => {
    expect(showingText(1, 0)).toBe("Showing 0-0 of 0 operations")
  })
})

describe("parsePage", () => {
  it("reads a whole page number from the URL", () => {
    expect(parsePage("3")).toBe(3)
  })

  it("falls back to page 1 for a missing, zero, negative or non-numeric value", () => {
    for (const value of [null, "", "0", "-2", "2.5", "abc", "1e3", "99999999999999999999"])
      expect(parsePage(value)).toBe(1)
  })
})
