import { type Glossary, writeGlossaryCsv } from "@nativ/contracts"
import { useMutation } from "@tanstack/react-query"

import { saveFile } from "@/lib/save-file"

import { csvFileName } from "../lib/csv-file-name"
import { getGlossaryEntries } from "./get-glossary-entries"

/**
 * Downloads a glossary as CSV, written by the contract's writer (the one behind the API's own
 * CSV answer): header source,target, formula cells kept as text, a byte-order mark for Excel.
 */
export function useDownloadGlossary() {
  return useMutation({
    mutationFn: async (glossary: Glossary) => {
      const entries = await getGlossaryEntries(glossary.id)
      saveFile(csvFileName(glossary.name), `\uFEFF${writeGlossaryCsv(entries)}\r\n`)
      return entries.length
    },
    meta: { errorTitle: "Error downloading glossary" },
  })
}
