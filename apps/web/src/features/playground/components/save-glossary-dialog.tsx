import { zodResolver } from "@hookform/resolvers/zod"
import {
  type Glossary,
  glossaryCreateSchema,
  glossaryNameTaken,
  glossaryNameTakenMessage,
} from "@nativ/contracts"
import * as React from "react"
import { useForm } from "react-hook-form"
import { toast } from "sonner"
import { z } from "zod"

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
import { ApiError } from "@/lib/api-client"
import { errorMessage } from "@/lib/errors"

import { useSaveGlossary, useSavedGlossaries } from "../api/saved-glossaries"
import type { Glossary as GlossaryFile } from "../lib/glossary-file"
import { glossaryNameFromFile } from "../lib/saved-glossary"

const nameSchema = z.object({ name: glossaryCreateSchema.shape.name })

/**
 * 'Save as glossary': asks for a name (the file's, to start with) and stores the chosen CSV in the
 * target language. A name the company already uses is refused beside the field, before asking the
 * server and again if the server refuses it (someone else may have just taken it).
 */
export function SaveGlossaryDialog({
  file,
  languageCode,
  trigger,
  onSaved,
}: {
  file: GlossaryFile
  languageCode: string
  trigger: React.ReactNode
  onSaved: (glossary: Glossary) => void
}) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save as glossary</DialogTitle>
          <DialogDescription>
            {file.fileName} will be stored as a glossary for {languageCode}, so it can be chosen
            again later or sent by id to the API.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <SaveGlossaryForm
            file={file}
            languageCode={languageCode}
            onSaved={(saved) => {
              setOpen(false)
              onSaved(saved)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function SaveGlossaryForm({
  file,
  languageCode,
  onSaved,
}: {
  file: GlossaryFile
  languageCode: string
  onSaved: (glossary: Glossary) => void
}) {
  const form = useForm({
    resolver: zodResolver(nameSchema),
    defaultValues: { name: glossaryNameFromFile(file.fileName) },
  })
  const existing = useSavedGlossaries().data ?? []
  const save = useSaveGlossary()
  const submit = form.handleSubmit(({ name }) => {
    if (glossaryNameTaken(existing, name))
      return form.setError(
        "name",
        { message: glossaryNameTakenMessage(name) },
        { shouldFocus: true },
      )
    save.mutate(
      { name, language_code: languageCode, entries: file.entries },
      {
        onSuccess: (saved) => {
          toast.success("Glossary saved", { description: `${saved.name} is now a saved glossary` })
          onSaved(saved)
        },
        onError: (error) =>
          form.setError(
            error instanceof ApiError && error.code === "glossary_name_taken" ? "name" : "root",
            { message: errorMessage(error) },
            { shouldFocus: true },
          ),
      },
    )
  })
  const { errors } = form.formState
  return (
    <form
      onSubmit={(event) => {
        // The dialog is portalled out of the Playground's form, but React still bubbles its submit
        // event up the component tree, where it would start a culturalization.
        event.stopPropagation()
        void submit(event)
      }}
      noValidate
      className="grid gap-4"
    >
      <FormField
        label="Name"
        maxLength={100}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register("name")}
      />
      {errors.root && (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {errors.root.message}
        </p>
      )}
      <FormDialogFooter action="Save glossary" busy={save.isPending} busyText="Saving..." />
    </form>
  )
}
