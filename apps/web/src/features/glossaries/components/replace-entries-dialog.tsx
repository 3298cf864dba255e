import { zodResolver } from "@hookform/resolvers/zod"
import type { Glossary } from "@nativ/contracts"
import { FileUpIcon } from "lucide-react"
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

import { useReplaceGlossaryEntries } from "../api/replace-glossary-entries"
import { glossaryEntriesFormSchema } from "../lib/glossary-form"
import { EntriesField } from "./entries-field"

/** 'Replace entries': every entry swapped for those of a file (or pasted text) at once. */
export function ReplaceEntriesDialog({ glossary }: { glossary: Glossary }) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Replace entries of "${glossary.name}"`}>
          <FileUpIcon aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Replace entries</DialogTitle>
          <DialogDescription>
            The {glossary.entry_count === 1 ? "entry" : `${glossary.entry_count} entries`} of{" "}
            {glossary.name} will be replaced by these. Download its CSV first to keep a copy.
          </DialogDescription>
        </DialogHeader>
        {open && <ReplaceEntriesForm glossary={glossary} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function ReplaceEntriesForm({ glossary, onDone }: { glossary: Glossary; onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(glossaryEntriesFormSchema),
    defaultValues: { entries: "" },
  })
  const replace = useReplaceGlossaryEntries()
  const submit = form.handleSubmit(({ entries }) =>
    replace.mutate(
      { id: glossary.id, entries },
      {
        onSuccess: (saved) => {
          toast.success("Entries replaced", {
            description: `${saved.name} now has ${saved.entry_count === 1 ? "1 entry" : `${saved.entry_count} entries`}`,
          })
          onDone()
        },
      },
    ),
  )
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <EntriesField
        error={form.formState.errors.entries?.message}
        {...form.register("entries")}
        onFile={({ text }) => form.setValue("entries", text, { shouldValidate: true })}
      />
      <FormDialogFooter action="Replace entries" busy={replace.isPending} busyText="Replacing..." />
    </form>
  )
}
