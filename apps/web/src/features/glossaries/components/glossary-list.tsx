import { BookAIcon, PlusIcon } from "lucide-react"

import { Button } from "@/components/ui/button"
import { ErrorState } from "@/components/ui/error-state"
import { Skeleton } from "@/components/ui/skeleton"

import { useGlossaries } from "../api/get-glossaries"
import { CreateGlossaryDialog } from "./create-glossary-dialog"
import { GlossaryTable } from "./glossary-table"

/** The glossaries with their loading, error and empty states. */
export function GlossaryList() {
  const list = useGlossaries()

  if (list.isPending)
    return (
      <div role="status" className="grid gap-3 py-2">
        <span className="sr-only">Loading glossaries...</span>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    )
  // A failed background refresh keeps the rows on screen; the error sink has said what failed.
  if (!list.data)
    return (
      <ErrorState
        title="The glossaries could not be loaded."
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        className="py-10"
      />
    )
  if (list.data.length === 0)
    return (
      <div className="grid justify-items-center gap-1 py-10 text-center">
        <BookAIcon className="mb-2 size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No glossaries yet</p>
        <p className="max-w-md text-sm text-muted-foreground">
          Create one from a CSV file, or pick a CSV in the Playground and save it as a glossary.
        </p>
        <CreateGlossaryDialog
          trigger={
            <Button className="mt-3">
              <PlusIcon aria-hidden="true" />
              New glossary
            </Button>
          }
        />
      </div>
    )
  return <GlossaryTable glossaries={list.data} busy={list.isFetching} />
}
