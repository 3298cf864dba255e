import type { TmEntry } from "@nativ/contracts"
import { Trash2Icon } from "lucide-react"

import { ConfirmDestructive } from "@/components/ui/confirm-destructive"

import { useDeleteTmEntry } from "../api/delete-tm-entry"
import { entryName } from "../lib/entry-name"

/** Deleting is permanent, so it asks first; disabling is the way to pause an entry. */
export function DeleteEntryButton({ entry }: { entry: TmEntry }) {
  const remove = useDeleteTmEntry()
  return (
    <ConfirmDestructive
      label={`Delete "${entryName(entry)}"`}
      icon={<Trash2Icon aria-hidden="true" />}
      title="Delete entry?"
      description={
        <>
          &quot;{entryName(entry, 80)}&quot; and its translation will be removed from the memory and
          no longer used in culturalizations. This cannot be undone; to pause an entry, switch it
          off instead.
        </>
      }
      action="Delete"
      pendingText="Deleting..."
      busy={remove.isPending}
      onConfirm={() => remove.mutate(entry.id)}
    />
  )
}
