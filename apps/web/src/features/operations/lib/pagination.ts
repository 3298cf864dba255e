import { pageCount as count, shownRows } from "@/lib/pagination"

export { PAGE_WINDOW, pageWindow, parsePage } from "@/lib/pagination"

/** Operations per page (docs/product.md#constants). */
export const PAGE_SIZE = 10

/** How many pages `total` rows fill; at least 1, so an empty list is "page 1 of 1". */
export const pageCount = (total: number, pageSize = PAGE_SIZE) => count(total, pageSize)

/** The inclusive row range (0-based, for `.range(from, to)`) of a 1-based page. */
export function pageRange(page: number, pageSize = PAGE_SIZE) {
  const from = (page - 1) * pageSize
  return { from, to: from + pageSize - 1 }
}

/** 'Showing X-Y of N operations' for a page of `total` rows (1-based, inclusive). */
export function showingText(page: number, total: number, pageSize = PAGE_SIZE) {
  const { first, last } = shownRows(page, total, pageSize)
  return `Showing ${first}-${last} of ${total} operations`
}
