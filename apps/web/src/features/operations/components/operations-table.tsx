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
 * stored value as its tooltip.
 */
export function OperationsTable({
  rows,
  busy,
  showMember = false,
}: {
  rows: Operation[]
  busy?: boolean
  showMember?: boolean
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
          <TableRow key={operation.id}>
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
