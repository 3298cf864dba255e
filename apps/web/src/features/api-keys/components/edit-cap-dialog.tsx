import { zodResolver } from "@hookform/resolvers/zod"
import type { ApiKey } from "@nativ/contracts"
import { GaugeIcon } from "lucide-react"
import * as React from "react"
import { useForm } from "react-hook-form"
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
import { formatCredits } from "@/lib/format"

import { useUpdateApiKeyCap } from "../api/update-api-key-cap"
import { capFieldSchema, capText } from "../lib/cap-field"
import { CapField } from "./cap-field"

const formSchema = z.object({ cap: capFieldSchema })

/** 'Edit cap': set, change or (left empty) remove a key's monthly credit cap. */
export function EditCapDialog({ apiKey }: { apiKey: ApiKey }) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Edit cap of ${apiKey.name}`}>
          <GaugeIcon aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit cap</DialogTitle>
          <DialogDescription>
            &quot;{apiKey.name}&quot; has used {formatCredits(apiKey.credits_used_this_month)}{" "}
            credits this month. Once it reaches its cap, its requests are refused until the month
            ends (UTC) or the cap is raised. Leave the field empty for no cap.
          </DialogDescription>
        </DialogHeader>
        {open && <EditCapForm apiKey={apiKey} onSaved={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function EditCapForm({ apiKey, onSaved }: { apiKey: ApiKey; onSaved: () => void }) {
  const form = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { cap: capText(apiKey.monthly_credit_cap) },
  })
  const update = useUpdateApiKeyCap()
  const submit = form.handleSubmit(({ cap }) =>
    update.mutate({ id: apiKey.id, monthlyCreditCap: cap }, { onSuccess: onSaved }),
  )
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <CapField autoFocus error={form.formState.errors.cap?.message} {...form.register("cap")} />
      <FormDialogFooter action="Save" busy={update.isPending} busyText="Saving..." />
    </form>
  )
}
