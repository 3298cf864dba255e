/*
 * Paging of a list whose page lives in `?page=`: the Operations page (docs/product.md#constants)
 * and the Translation Memory page share these rules.
 */

/** Numbered page buttons shown at most (docs/product.md#constants). */
export const PAGE_WINDOW = 5

/** How many pages `total` rows fill; at least 1, so an empty list is "page 1 of 1". */
export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize))
}

/**
 * The numbered buttons around `current`: up to `size` consecutive pages, `current` centred when
 * it can be, the window sliding against the first and last pages.
 */
export function pageWindow(current: number, totalPages: number, size = PAGE_WINDOW): number[] {
  const count = Math.min(size, totalPages)
  const page = Math.min(Math.max(1, current), totalPages)
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), totalPages - count + 1)
  return Array.from({ length: count }, (_, i) => start + i)
}

/** The first and last row (1-based, inclusive) a page shows of `total`: 0-0 when empty. */
export function shownRows(page: number, total: number, pageSize: number) {
  return {
    first: total === 0 ? 0 : (page - 1) * pageSize + 1,
    last: Math.min(page * pageSize, total),
  }
}

/**
 * The page a `?page=` value asks for: a whole number from 1, anything else is page 1. It is
 * clamped to the last page once the count is known.
 */
export function parsePage(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1
  const page = Number(value)
  return Number.isSafeInteger(page) && page >= 1 ? page : 1
}
