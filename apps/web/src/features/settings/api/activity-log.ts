import { AUDIT_LOG_PAGE_MAX, type AuditEvent, auditLogSchema } from "@nativ/contracts"
import { infiniteQueryOptions, useInfiniteQuery, useMutation } from "@tanstack/react-query"

import { memberKeys } from "@/hooks/use-company-members"
import { api } from "@/lib/api-client"
import { saveFile } from "@/lib/save-file"

import { activityCsv, activityFileName } from "../lib/activity-csv"
import { type ActivityFilters, activitySearch } from "../lib/activity-filters"

const ACTIVITY_PAGE = 25

const readPage = (filters: ActivityFilters, limit: number, before: string | null) =>
  api.get(`/audit-log?${activitySearch(filters, { limit, before })}`, auditLogSchema)

/** The company's activity log, filtered on the server, a page at a time (docs/teams.md). */
export function activityQuery(filters: ActivityFilters) {
  return infiniteQueryOptions({
    // Under memberKeys.activity(), so a change to the company's people reads every filter again.
    queryKey: [...memberKeys.activity(), filters] as const,
    queryFn: ({ pageParam }) => readPage(filters, ACTIVITY_PAGE, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    // Changes made on other tabs (style, languages, memory) do not invalidate the log; opening
    // the tab again reads it again.
    staleTime: 0,
    meta: { errorTitle: "Error" },
  })
}

export const useActivity = (filters: ActivityFilters) => useInfiniteQuery(activityQuery(filters))

/** Every event the filters match, in the largest pages the server gives. */
async function readAll(filters: ActivityFilters) {
  const events: AuditEvent[] = []
  let before: string | null = null
  do {
    const page = await readPage(filters, AUDIT_LOG_PAGE_MAX, before)
    events.push(...page.events)
    before = page.next_before
  } while (before)
  return events
}

/** 'Export CSV': the filtered log, saved as a file. */
export function useExportActivity() {
  return useMutation({
    mutationFn: async (filters: ActivityFilters) =>
      saveFile(activityFileName(new Date()), activityCsv(await readAll(filters))),
    meta: { errorTitle: "Error exporting activity" },
  })
}
