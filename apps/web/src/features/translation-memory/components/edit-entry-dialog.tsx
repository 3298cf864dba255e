import { zodResolver } from "@hookform/resolvers/zod"
import { type TmEntry, tmEntryCreateSchema } from "@nativ/contracts"
import { PencilIcon } from "lucide-react"
import * as React from "react"
import { useForm } from "react-hook-form"
import { toast } from "sonner"
import { z } from "zod"

import { Button } from "@/components/ui/button"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog"
import { FormDialogFooter } from "@/components/ui/form-dialog-footer"

import { useEditTranslation } from "../api/update-tm-entry"
import { entryName } from "../lib/entry-name"
import { renameFields } from "../lib/new-entry"
import { TextareaField } from "./textarea-field"

const formSchema = z.object({ target_text: tmEntryCreateSchema.shape.target_text })

/** 'Edit translation': a pencil button opening a dialog with the source and its translation. */
export function EditEntryDialog({ entry }: { entry: TmEntry }) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Edit translation of "${entryName(entry)}"`}
        >
          <PencilIcon aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit translation</DialogTitle>
          <DialogDescription>
            {`From ${entry.source_language_code.toUpperCase()} to ${entry.target_language_code.toUpperCase()}. Culturalizations use the new translation from now on.`}
          </DialogDescription>
        </DialogHeader>
        <EditEntryForm entry={entry} onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  )
}

function EditEntryForm({ entry, onSaved }: { entry: TmEntry; onSaved: () => void }) {
  const form = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { target_text: entry.target_text },
  })
  const edit = useEditTranslation()
  const message = form.formState.errors.target_text?.message
  const submit = form.handleSubmit(({ target_text }) =>
    edit.mutate(
      { id: entry.id, targetText: target_text },
      {
        onSuccess: () => {
          toast.success("Translation updated")
          onSaved()
        },
      },
    ),
  )
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <p className="text-sm font-medium">Source text</p>
        <p className="max-h-40 overflow-y-auto rounded-md bg-muted px-3 py-2 text-sm break-words whitespace-pre-wrap">
          {entry.source_text}
        </p>
      </div>
      <TextareaField
        label="Translation"
        rows={4}
        error={message && renameFields(message, { target_text: "Translation" })}
        {...form.register("target_text")}
      />
      <FormDialogFooter action="Save" busy={edit.isPending} busyText="Saving..." />
    </form>
  )
}
