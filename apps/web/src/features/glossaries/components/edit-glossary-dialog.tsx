import { zodResolver } from "@hookform/resolvers/zod"
import { type Glossary, glossaryNameTaken, glossaryNameTakenMessage } from "@nativ/contracts"
import { PencilIcon } from "lucide-react"
import * as React from "react"
import { useForm } from "react-hook-form"
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
import { FormDialogFooter } from "@/components/ui/form-dialog-footer"
import { FormField } from "@/components/ui/form-field"

import { useGlossaries } from "../api/get-glossaries"
import { useUpdateGlossary } from "../api/update-glossary"
import { fieldMessage, glossaryDetailsSchema } from "../lib/glossary-form"
import { isNameTaken } from "../lib/name-taken"
import { LanguageCodeField } from "./language-code-field"

/** 'Rename': a glossary's name and language; its entries stay as they are. */
export function EditGlossaryDialog({ glossary }: { glossary: Glossary }) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Rename "${glossary.name}"`}>
          <PencilIcon aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename glossary</DialogTitle>
          <DialogDescription>
            Culturalizations that name it by id keep using it under its new name.
          </DialogDescription>
        </DialogHeader>
        {open && <EditGlossaryForm glossary={glossary} onSaved={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function EditGlossaryForm({ glossary, onSaved }: { glossary: Glossary; onSaved: () => void }) {
  const form = useForm({
    resolver: zodResolver(glossaryDetailsSchema),
    defaultValues: { name: glossary.name, language_code: glossary.language_code },
  })
  const update = useUpdateGlossary()
  const existing = useGlossaries().data ?? []
  const { errors } = form.formState
  const submit = form.handleSubmit((change) => {
    if (glossaryNameTaken(existing, change.name, glossary.id))
      return form.setError("name", { message: glossaryNameTakenMessage(change.name) })
    update.mutate(
      { id: glossary.id, change },
      {
        onError: (error) => {
          if (isNameTaken(error)) form.setError("name", { message: error.message })
        },
        onSuccess: () => {
          toast.success("Glossary saved")
          onSaved()
        },
      },
    )
  })
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField
        label="Name"
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
      <FormDialogFooter action="Save" busy={update.isPending} busyText="Saving..." />
    </form>
  )
}
