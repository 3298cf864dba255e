import type { TmEntry } from "@nativ/contracts"

import { Badge } from "@/components/ui/badge"
import { Switch } from "@/components/ui/switch"
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table"
import { formatDateTime } from "@/lib/format"

import { useToggleTmEntry } from "../api/update-tm-entry"
import { entryName } from "../lib/entry-name"
import { TM_SOURCE_LABELS } from "../lib/tm-sources"
import { DeleteEntryButton } from "./delete-entry-button"
import { EditEntryDialog } from "./edit-entry-dialog"

const TEXT_CELL = "min-w-44 max-w-80 whitespace-normal break-words"

/** One page of entries: texts, languages, where each came from, on/off, last change, actions. */
export function TmTable({ entries, busy }: { entries: TmEntry[]; busy?: boolean }) {
  const toggle = useToggleTmEntry()
  return (
    <Table aria-label="Translation memory entries" aria-busy={busy || undefined}>
      <TableHeader>
        <TableRow>
          <TableHead>Source text</TableHead>
          <TableHead>Translation</TableHead>
          <TableHead>Languages</TableHead>
          <TableHead>Source</TableHead>
          <TableHead>Enabled</TableHead>
          <TableHead>Updated</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id} className={entry.enabled ? undefined : "text-muted-foreground"}>
            <TableCell className={TEXT_CELL}>
              <span className="line-clamp-4">{entry.source_text}</span>
            </TableCell>
            <TableCell className={TEXT_CELL}>
              <span className="line-clamp-4">{entry.target_text}</span>
            </TableCell>
            <TableCell className="font-mono text-xs">
              {entry.source_language_code.toUpperCase()}
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> to </span>
              {entry.target_language_code.toUpperCase()}
            </TableCell>
            <TableCell>
              <div className="grid gap-1">
                <Badge variant={entry.information_source === "approved" ? "secondary" : "outline"}>
                  {TM_SOURCE_LABELS[entry.information_source]}
                </Badge>
                {entry.source_name && (
                  <span
                    className="max-w-40 truncate text-xs text-muted-foreground"
                    title={entry.source_name}
                  >
                    {entry.source_name}
                  </span>
                )}
              </div>
            </TableCell>
            <TableCell>
              <Switch
                checked={entry.enabled}
                onCheckedChange={(enabled) => toggle.mutate({ id: entry.id, enabled })}
                aria-label={`Enabled: "${entryName(entry)}"`}
              />
            </TableCell>
            <TableCell className="text-muted-foreground tabular-nums">
              {formatDateTime(entry.updated_at)}
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-1">
                <EditEntryDialog entry={entry} />
                <DeleteEntryButton entry={entry} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
