import { zodResolver } from "@hookform/resolvers/zod"
import { glossaryNameTaken, glossaryNameTakenMessage } from "@nativ/contracts"
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

import { useCreateGlossary } from "../api/create-glossary"
import { useGlossaries } from "../api/get-glossaries"
import {
  fieldMessage,
  type GlossaryFormValues,
  type GlossaryInput,
  glossaryFormSchema,
  nameFromFile,
} from "../lib/glossary-form"
import { isNameTaken } from "../lib/name-taken"
import { EntriesField } from "./entries-field"
import { LanguageCodeField } from "./language-code-field"

/** 'New glossary': a dialog opened by `trigger` with a name, a language and the entries. */
export function CreateGlossaryDialog({ trigger }: { trigger: React.ReactNode }) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>New glossary</DialogTitle>
          <DialogDescription>
            Terms that must always be translated the same way. Choose it in the Playground, or send
            its id as glossary_id to the API.
          </DialogDescription>
        </DialogHeader>
        <CreateGlossaryForm onCreated={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  )
}

function CreateGlossaryForm({ onCreated }: { onCreated: () => void }) {
  const form = useForm<GlossaryFormValues, unknown, GlossaryInput>({
    resolver: zodResolver(glossaryFormSchema),
    defaultValues: { name: "", language_code: "", entries: "" },
  })
  const create = useCreateGlossary()
  const existing = useGlossaries().data ?? []
  const { errors, isSubmitted } = form.formState
  const submit = form.handleSubmit((values) => {
    if (glossaryNameTaken(existing, values.name))
      return form.setError("name", { message: glossaryNameTakenMessage(values.name) })
    create.mutate(values, {
      onError: (error) => {
        if (isNameTaken(error)) form.setError("name", { message: error.message })
      },
      onSuccess: (glossary) => {
        toast.success("Glossary created", {
          description: `${glossary.name} has ${glossary.entry_count === 1 ? "1 entry" : `${glossary.entry_count} entries`}`,
        })
        onCreated()
      },
    })
  })

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <FormField
          label="Name"
          placeholder="e.g. Checkout (German)"
          maxLength={100}
          autoComplete="off"
          error={errors.name?.message}
          {...form.register("name")}
        />
        <LanguageCodeField
          label="Language code"
          error={fieldMessage(errors.language_code?.message)}
          {...form.register("language_code")}
        />
      </div>
      <EntriesField
        error={errors.entries?.message}
        {...form.register("entries")}
        onFile={({ name, text }) => {
          form.setValue("entries", text, { shouldValidate: true })
          if (!form.getValues("name").trim())
            form.setValue("name", nameFromFile(name), { shouldValidate: isSubmitted })
        }}
      />
      <FormDialogFooter action="Create glossary" busy={create.isPending} busyText="Creating..." />
    </form>
  )
}
