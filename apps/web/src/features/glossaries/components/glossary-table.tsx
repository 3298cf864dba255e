import type { Glossary } from "@nativ/contracts"

import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table"
import { formatDateTime, formatNumber } from "@/lib/format"

import { DeleteGlossaryButton } from "./delete-glossary-button"
import { DownloadGlossaryButton } from "./download-glossary-button"
import { EditEntriesDialog } from "./edit-entries-dialog"
import { EditGlossaryDialog } from "./edit-glossary-dialog"
import { GlossaryId } from "./glossary-id"
import { ReplaceEntriesDialog } from "./replace-entries-dialog"

const entryCount = (n: number) => (n === 1 ? "1 entry" : `${formatNumber(n)} entries`)

/**
 * The company's glossaries by name: id (to copy for the API), language, size, last change and what
 * can be done to each.
 */
export function GlossaryTable({ glossaries, busy }: { glossaries: Glossary[]; busy?: boolean }) {
  return (
    <Table aria-label="Glossaries" aria-busy={busy || undefined}>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead className="hidden sm:table-cell">Language</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Entries</TableHead>
          <TableHead className="hidden md:table-cell">Updated</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {glossaries.map((glossary) => (
          <TableRow key={glossary.id}>
            <TableCell className="max-w-72 min-w-32 break-words whitespace-normal">
              <span className="font-medium">{glossary.name}</span>
              {/* On a phone the language and size sit under the name, leaving room for actions. */}
              <span className="block text-xs text-muted-foreground sm:hidden">
                {glossary.language_code} · {entryCount(glossary.entry_count)}
              </span>
              <GlossaryId glossary={glossary} />
            </TableCell>
            <TableCell className="hidden font-mono text-xs sm:table-cell">
              {glossary.language_code}
            </TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">
              {formatNumber(glossary.entry_count)}
            </TableCell>
            <TableCell className="hidden text-muted-foreground md:table-cell">
              {formatDateTime(glossary.updated_at)}
            </TableCell>
            <TableCell>
              {/* Three to a line on a phone, so the name and id keep room beside them. */}
              <div className="grid grid-cols-3 justify-items-center sm:flex sm:justify-end">
                <EditEntriesDialog glossary={glossary} />
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
