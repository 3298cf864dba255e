import { TM_LIST_LIMIT_MAX, type TmEntry, tmEntriesToTmx } from "@nativ/contracts"
import { useMutation } from "@tanstack/react-query"

import { saveFile } from "@/lib/save-file"
import type { TmFilters } from "../lib/tm-filters"
import { tmEntriesToCsv } from "../lib/tm-csv"
import { getTmEntries } from "./get-tm-entries"

/** Every entry matching `filters`, newest first, read a full page (500) at a time. */
export async function getAllTmEntries(filters: TmFilters): Promise<TmEntry[]> {
  const entries: TmEntry[] = []
  for (;;) {
    const page = await getTmEntries(filters, {
      limit: TM_LIST_LIMIT_MAX,
      offset: entries.length,
    })
    entries.push(...page.entries)
    if (!page.entries.length || entries.length >= page.total) return entries
  }
}

const today = () => new Date().toISOString().slice(0, 10)

/** The export's file formats: CSV for spreadsheets, TMX 1.4 for translation tools. */
export const TM_EXPORT_FORMATS = {
  csv: { label: "CSV", file: (entries: TmEntry[]) => tmEntriesToCsv(entries) },
  tmx: {
    label: "TMX",
    file: (entries: TmEntry[]) =>
      new Blob([tmEntriesToTmx(entries)], { type: "application/x-tmx+xml;charset=utf-8" }),
  },
} as const
export type TmExportFormat = keyof typeof TM_EXPORT_FORMATS

/** Downloads the entries matching `filters` as translation-memory-YYYY-MM-DD.csv (or .tmx). */
export function useExportTmEntries(format: TmExportFormat) {
  return useMutation({
    mutationFn: async (filters: TmFilters) => {
      const entries = await getAllTmEntries(filters)
      saveFile(`translation-memory-${today()}.${format}`, TM_EXPORT_FORMATS[format].file(entries))
      return entries.length
    },
    meta: { errorTitle: "Error exporting entries" },
  })
}
