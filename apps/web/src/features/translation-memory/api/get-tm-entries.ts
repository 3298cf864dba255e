import { tmListSchema } from "@nativ/contracts"
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import { TM_PAGE_SIZE, type TmFilters, tmListQueryString } from "../lib/tm-filters"
import { tmKeys } from "./tm-keys"

/** GET /master-tm/entries: the entries matching `filters`, newest first, `limit` from `offset`. */
export const getTmEntries = (filters: TmFilters, rows: { limit: number; offset: number }) =>
  api.get(`/master-tm/entries?${tmListQueryString(filters, rows)}`, tmListSchema)

/** One page of the table; the previous page stays on screen while the next one loads. */
export function tmEntriesQuery(filters: TmFilters, page: number) {
  return queryOptions({
    queryKey: tmKeys.list(filters, page),
    queryFn: () =>
      getTmEntries(filters, { limit: TM_PAGE_SIZE, offset: (page - 1) * TM_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Error fetching translation memory" },
  })
}

export const useTmEntries = (filters: TmFilters, page: number) =>
  useQuery(tmEntriesQuery(filters, page))
