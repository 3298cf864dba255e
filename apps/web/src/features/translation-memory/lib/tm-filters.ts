import { TM_SOURCES, type TmSource } from "@nativ/contracts"

import { pageCount as count, shownRows } from "@/lib/pagination"

export { parsePage } from "@/lib/pagination"

/** Entries per page of the table. */
export const TM_PAGE_SIZE = 20

/** What the table shows, as kept in the address: `?q=&target=&source=&enabled=1&page=`. */
export type TmFilters = {
  search: string
  targetLang: string
  source: TmSource | null
  enabledOnly: boolean
}

export const NO_FILTERS: TmFilters = {
  search: "",
  targetLang: "",
  source: null,
  enabledOnly: false,
}

const isSource = (value: string | null): value is TmSource =>
  (TM_SOURCES as readonly (string | null)[]).includes(value)

/** The filters a URL asks for; anything unreadable is no filter. */
export function readTmFilters(params: URLSearchParams): TmFilters {
  const source = params.get("source")
  return {
    search: params.get("q")?.trim() ?? "",
    targetLang: params.get("target")?.trim().toLowerCase() ?? "",
    source: isSource(source) ? source : null,
    enabledOnly: params.get("enabled") === "1",
  }
}

export const hasFilters = (filters: TmFilters) =>
  Boolean(filters.search || filters.targetLang || filters.source || filters.enabledOnly)

/** `params` with `change` applied and the page reset, since the old page may no longer exist. */
export function writeTmFilters(params: URLSearchParams, change: Partial<TmFilters>) {
  const next = { ...readTmFilters(params), ...change }
  const set = (key: string, value: string | null) =>
    value ? params.set(key, value) : params.delete(key)
  set("q", next.search.trim())
  set("target", next.targetLang)
  set("source", next.source)
  set("enabled", next.enabledOnly ? "1" : null)
  params.delete("page")
  return params
}

/** The query string of GET /master-tm/entries for these filters and rows. */
export function tmListQueryString(
  filters: TmFilters,
  { limit, offset }: { limit: number; offset: number },
) {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) })
  if (filters.search) query.set("search", filters.search)
  if (filters.targetLang) query.set("target_lang", filters.targetLang)
  if (filters.source) query.set("information_source", filters.source)
  if (filters.enabledOnly) query.set("enabled_only", "true")
  return query.toString()
}

/** How many pages `total` entries fill; at least 1. */
export const pageCount = (total: number) => count(total, TM_PAGE_SIZE)

/** 'Showing X-Y of N entries' for a 1-based page. */
export function showingText(page: number, total: number) {
  const { first, last } = shownRows(page, total, TM_PAGE_SIZE)
  return `Showing ${first}-${last} of ${total} ${total === 1 ? "entry" : "entries"}`
}
