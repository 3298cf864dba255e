import { Badge } from "@/components/ui/badge"
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table"
import { formatDateTime, formatNumber } from "@/lib/format"
import { operationLabel } from "@/lib/operation-label"

import type { Operation } from "../api/get-operations-page"

/**
 * Operation, Language, Cost, Tool and Date for one page (and Member, who made it, when
 * `showMember`); missing values show '-'. The Operation cell shows the action's label, with the
 * stored value as its tooltip. A row opens its detail on click, or on Enter once focused (Tab
 * reaches each row).
 */
export function OperationsTable({
  rows,
  busy,
  showMember = false,
  onOpen,
}: {
  rows: Operation[]
  busy?: boolean
  showMember?: boolean
  /** Opens the row's detail; the row is passed so focus can go back to it on close. */
  onOpen?: (id: string, row: HTMLElement) => void
}) {
  return (
    <Table aria-busy={busy || undefined} aria-label="Operations">
      <TableHeader>
        <TableRow>
          <TableHead>Operation</TableHead>
          <TableHead>Language</TableHead>
          <TableHead className="text-right">Cost</TableHead>
          <TableHead>Tool</TableHead>
          <TableHead>Date</TableHead>
          {showMember && <TableHead>Member</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((operation) => (
          <TableRow
            key={operation.id}
            tabIndex={onOpen ? 0 : undefined}
            aria-haspopup={onOpen ? "dialog" : undefined}
            className={
              onOpen
                ? "cursor-pointer focus-visible:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
                : undefined
            }
            onClick={onOpen && ((event) => onOpen(String(operation.id), event.currentTarget))}
            onKeyDown={
              onOpen &&
              ((event) => {
                if (event.key !== "Enter") return
                // Without this, the same key press goes on to activate whatever the dialog
                // focuses first (its link or Close button), closing it at once.
                event.preventDefault()
                onOpen(String(operation.id), event.currentTarget)
              })
            }
          >
            <TableCell className="font-medium" title={operation.action || undefined}>
              {operation.action ? operationLabel(operation.action) : "-"}
            </TableCell>
            <TableCell>
              {operation.language ? <Badge variant="secondary">{operation.language}</Badge> : "-"}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {operation.cost == null ? "-" : formatNumber(operation.cost)}
            </TableCell>
            <TableCell>
              {operation.tool ? <Badge variant="outline">{operation.tool}</Badge> : "-"}
            </TableCell>
            <TableCell className="text-muted-foreground tabular-nums">
              {formatDateTime(operation.created_at)}
            </TableCell>
            {showMember && <TableCell>{operation.member_email ?? "-"}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
