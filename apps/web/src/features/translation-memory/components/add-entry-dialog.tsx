import { zodResolver } from "@hookform/resolvers/zod"
import { tmEntryCreateSchema } from "@nativ/contracts"
import * as React from "react"
import { useForm } from "react-hook-form"
import { toast } from "sonner"

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog"
import { FormDialogFooter } from "@/components/ui/form-dialog-footer"
import { FormField } from "@/components/ui/form-field"

import { useCreateTmEntry } from "../api/create-tm-entry"
import { renameFields, toNewEntry } from "../lib/new-entry"
import { LanguageCodeField } from "./language-code-field"
import { TextareaField } from "./textarea-field"

const FIELD_NAMES = {
  source_text: "Source text",
  target_text: "Translation",
  source_language_code: "Source language",
  target_language_code: "Target language",
  source_name: "Label",
}

/** 'Add entry': a dialog opened by `trigger` that adds one manual entry. */
export function AddEntryDialog({ trigger }: { trigger: React.ReactNode }) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add entry</DialogTitle>
          <DialogDescription>
            A text and its approved translation. Culturalizations into the target language reuse it.
          </DialogDescription>
        </DialogHeader>
        <AddEntryForm onAdded={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  )
}

function AddEntryForm({ onAdded }: { onAdded: () => void }) {
  const form = useForm({
    resolver: zodResolver(tmEntryCreateSchema),
    defaultValues: {
      source_text: "",
      target_text: "",
      source_language_code: "en",
      target_language_code: "",
      source_name: "",
    },
  })
  const create = useCreateTmEntry()
  const { errors } = form.formState
  const error = (field: keyof typeof FIELD_NAMES) => {
    const message = errors[field]?.message
    return message ? renameFields(message, FIELD_NAMES) : undefined
  }
  const submit = form.handleSubmit((values) =>
    create.mutate(toNewEntry(values), {
      onSuccess: () => {
        toast.success("Entry added")
        onAdded()
      },
    }),
  )

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextareaField
        label="Source text"
        rows={3}
        error={error("source_text")}
        {...form.register("source_text")}
      />
      <TextareaField
        label="Translation"
        rows={3}
        error={error("target_text")}
        {...form.register("target_text")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <LanguageCodeField
          label="Source language"
          placeholder="en"
          error={error("source_language_code")}
          {...form.register("source_language_code")}
        />
        <LanguageCodeField
          label="Target language"
          placeholder="e.g. de, fr, pt-br"
          suggest
          onPick={(code) =>
            form.setValue("target_language_code", code, {
              shouldValidate: form.formState.isSubmitted,
            })
          }
          error={error("target_language_code")}
          {...form.register("target_language_code")}
        />
      </div>
      <FormField
        label="Label (optional)"
        placeholder="e.g. Checkout button"
        maxLength={200}
        autoComplete="off"
        error={error("source_name")}
        {...form.register("source_name")}
      />
      <FormDialogFooter action="Add entry" busy={create.isPending} busyText="Adding..." />
    </form>
  )
}
