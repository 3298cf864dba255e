import { PlusIcon, Trash2Icon } from "lucide-react"
import * as React from "react"

import { Button } from "@/components/ui/button"
import { Input } from "@/components/ui/input"

import { type EntryRow, newRow } from "../lib/entry-rows"

/**
 * The entries as a table of source and target inputs, one row per term, with 'Add row' and a
 * delete button per row. `problems` (by row key) are said under the row at fault. A long glossary
 * scrolls inside the table's box, so the dialog's buttons stay in view.
 */
export function EntriesTable({
  rows,
  onChange,
  problems,
}: {
  rows: EntryRow[]
  onChange: (rows: EntryRow[]) => void
  problems: Map<number, string>
}) {
  const id = React.useId()
  const added = React.useRef<number | null>(null)
  const edit = (key: number, change: Partial<EntryRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)))
  const add = () => {
    const row = newRow()
    added.current = row.key
    onChange([...rows, row])
  }

  return (
    <div className="grid gap-3">
      <div className="max-h-[50dvh] overflow-auto rounded-md border" data-testid="entries-scroll">
        <table className="w-full text-sm" aria-label="Entries">
          <thead className="sticky top-0 z-10 bg-muted">
            <tr className="text-left">
              <th scope="col" className="w-8 px-2 py-2 font-medium">
                <span className="sr-only">Row</span>
              </th>
              <th scope="col" className="px-1 py-2 font-medium">
                Source
              </th>
              <th scope="col" className="px-1 py-2 font-medium">
                Target
              </th>
              <th scope="col" className="w-10 px-1 py-2">
                <span className="sr-only">Delete</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const problem = problems.get(row.key)
              const errorId = `${id}-${row.key}-error`
              const invalid = problem ? { "aria-invalid": true, "aria-describedby": errorId } : {}
              return (
                <React.Fragment key={row.key}>
                  <tr className={problem ? "" : "border-b last:border-0"}>
                    <td className="px-2 py-1 text-right text-xs text-muted-foreground tabular-nums">
                      {index + 1}
                    </td>
                    <td className="px-1 py-1">
                      <Input
                        aria-label={`Source term, row ${index + 1}`}
                        value={row.source}
                        maxLength={600}
                        className="h-8 min-w-24"
                        ref={(input) => {
                          if (input && added.current === row.key) {
                            added.current = null
                            input.focus()
                          }
                        }}
                        onChange={(event) => edit(row.key, { source: event.target.value })}
                        {...invalid}
                      />
                    </td>
                    <td className="px-1 py-1">
                      <Input
                        aria-label={`Target term, row ${index + 1}`}
                        value={row.target}
                        maxLength={600}
                        className="h-8 min-w-24"
                        onChange={(event) => edit(row.key, { target: event.target.value })}
                        {...invalid}
                      />
                    </td>
                    <td className="px-1 py-1">
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={`Delete row ${index + 1}`}
                        onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                      >
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    </td>
                  </tr>
                  {problem && (
                    <tr className="border-b last:border-0">
                      <td />
                      <td colSpan={3} className="px-1 pb-2">
                        <p id={errorId} className="text-sm text-destructive dark:text-red-400">
                          {problem}
                        </p>
                      </td>
                    </tr>
                  )}
                </React.Fragment>
              )
            })}
            {rows.length === 0 && (
              <tr>
                <td colSpan={4} className="px-3 py-6 text-center text-muted-foreground">
                  No entries. Add a row to start.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={add}
      >
        <PlusIcon aria-hidden="true" />
        Add row
      </Button>
    </div>
  )
}
