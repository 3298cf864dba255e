import type { Glossary } from "@nativ/contracts"

import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table"
import { formatDateTime } from "@/lib/format"
import { formatNumber } from "@/lib/format"

import { DeleteGlossaryButton } from "./delete-glossary-button"
import { DownloadGlossaryButton } from "./download-glossary-button"
import { EditGlossaryDialog } from "./edit-glossary-dialog"
import { ReplaceEntriesDialog } from "./replace-entries-dialog"

/** The company's glossaries by name: language, size, last change and what can be done to each. */
export function GlossaryTable({ glossaries, busy }: { glossaries: Glossary[]; busy?: boolean }) {
  return (
    <Table aria-label="Glossaries" aria-busy={busy || undefined}>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Language</TableHead>
          <TableHead className="text-right">Entries</TableHead>
          <TableHead className="hidden md:table-cell">Updated</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {glossaries.map((glossary) => (
          <TableRow key={glossary.id}>
            <TableCell className="max-w-64 min-w-32 font-medium break-words whitespace-normal">
              {glossary.name}
            </TableCell>
            <TableCell className="font-mono text-xs">{glossary.language_code}</TableCell>
            <TableCell className="text-right tabular-nums">
              {formatNumber(glossary.entry_count)}
            </TableCell>
            <TableCell className="hidden text-muted-foreground md:table-cell">
              {formatDateTime(glossary.updated_at)}
            </TableCell>
            <TableCell>
              <div className="flex justify-end">
                <DownloadGlossaryButton glossary={glossary} />
                <ReplaceEntriesDialog glossary={glossary} />
                <EditGlossaryDialog glossary={glossary} />
                <DeleteGlossaryButton glossary={glossary} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
