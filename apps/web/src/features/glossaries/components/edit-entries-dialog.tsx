import type { Glossary, GlossaryEntry } from "@nativ/contracts"
import { TableIcon } from "lucide-react"
import * as React from "react"
import { toast } from "sonner"

import { Button } from "@/components/ui/button"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog"
import { ErrorState } from "@/components/ui/error-state"
import { FormDialogFooter } from "@/components/ui/form-dialog-footer"
import { Skeleton } from "@/components/ui/skeleton"

import { useGlossaryEntries } from "../api/get-glossary-entries"
import { useReplaceGlossaryEntries } from "../api/replace-glossary-entries"
import { type EntryRow, newRow, rowProblems, rowsToEntries } from "../lib/entry-rows"
import { EntriesTable } from "./entries-table"

/** 'Edit entries': the glossary's terms in a table, changed row by row and saved at once. */
export function EditEntriesDialog({ glossary }: { glossary: Glossary }) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Edit entries of "${glossary.name}"`}>
          <TableIcon aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Edit entries</DialogTitle>
          <DialogDescription>
            The terms of {glossary.name}. Each source term is always translated as its target.
          </DialogDescription>
        </DialogHeader>
        {open && <LoadedEntries glossary={glossary} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function LoadedEntries({ glossary, onDone }: { glossary: Glossary; onDone: () => void }) {
  const entries = useGlossaryEntries(glossary.id)
  if (entries.isPending)
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading entries...</span>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    )
  if (!entries.data)
    return (
      <ErrorState
        title="The entries could not be loaded."
        error={entries.error}
        onRetry={() => void entries.refetch()}
        retrying={entries.isFetching}
      />
    )
  return <EntriesForm glossary={glossary} initial={entries.data} onDone={onDone} />
}

function EntriesForm({
  glossary,
  initial,
  onDone,
}: {
  glossary: Glossary
  initial: GlossaryEntry[]
  onDone: () => void
}) {
  const [rows, setRows] = React.useState<EntryRow[]>(() => initial.map((e) => newRow(e)))
  const [checked, setChecked] = React.useState(false)
  const replace = useReplaceGlossaryEntries()
  // Problems are said once a save was tried, then follow every keystroke until fixed.
  const problems = checked ? rowProblems(rows) : { rows: new Map<number, string>(), overall: null }

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setChecked(true)
    const found = rowProblems(rows)
    if (found.rows.size || found.overall) return
    replace.mutate(
      { id: glossary.id, entries: rowsToEntries(rows) },
      {
        onSuccess: (saved) => {
          toast.success("Entries saved", {
            description: `${saved.name} now has ${saved.entry_count === 1 ? "1 entry" : `${saved.entry_count} entries`}`,
          })
          onDone()
        },
      },
    )
  }

  const count = problems.rows.size
  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <EntriesTable rows={rows} onChange={setRows} problems={problems.rows} />
      {(count > 0 || problems.overall) && (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {problems.overall ??
            `${count === 1 ? "1 row needs" : `${count} rows need`} fixing before saving.`}
        </p>
      )}
      <FormDialogFooter action="Save entries" busy={replace.isPending} busyText="Saving..." />
    </form>
  )
}
