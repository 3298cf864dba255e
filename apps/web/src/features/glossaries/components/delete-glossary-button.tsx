import type { Glossary } from "@nativ/contracts"
import { Trash2Icon } from "lucide-react"

import { ConfirmDestructive } from "@/components/ui/confirm-destructive"

import { useDeleteGlossary } from "../api/delete-glossary"

/** Deleting is permanent and breaks calls that still send its id, so it asks first. */
export function DeleteGlossaryButton({ glossary }: { glossary: Glossary }) {
  const remove = useDeleteGlossary()
  return (
    <ConfirmDestructive
      label={`Delete "${glossary.name}"`}
      icon={<Trash2Icon aria-hidden="true" />}
      title="Delete glossary?"
      description={
        <>
          &quot;{glossary.name}&quot; and its entries will be deleted. Culturalizations that send
          its id will be refused. This cannot be undone.
        </>
      }
      action="Delete"
      pendingText="Deleting..."
      busy={remove.isPending}
      onConfirm={() => remove.mutate(glossary.id)}
    />
  )
}
