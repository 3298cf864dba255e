import { zodResolver } from "@hookform/resolvers/zod"
import {
  type CreatedWebhook,
  createWebhookInputSchema,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  type Webhook,
} from "@nativ/contracts"
import * as React from "react"
import { useForm, type UseFormSetError } from "react-hook-form"
import type { z } from "zod"

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

import { useCreateWebhook, useSaveWebhook } from "../api/webhooks"
import { WebhooksEventFields } from "./webhooks-event-fields"

type FormValues = z.input<typeof createWebhookInputSchema>

/**
 * Add endpoint (no `webhook`) or Edit it: URL, description and events. The URL rules that depend
 * on the deployment (https in production, no private addresses) are the server's to decide, so its
 * refusal is shown under the field it names.
 */
export function WebhooksEndpointDialog({
  webhook,
  trigger,
  onCreated,
}: {
  webhook?: Webhook
  trigger: React.ReactNode
  onCreated?: (created: CreatedWebhook) => void
}) {
  const [open, setOpen] = React.useState(false)
  // Focus goes to the new secret, not back to the button that opened the dialog.
  const created = React.useRef(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          if (created.current) event.preventDefault()
          created.current = false
        }}
      >
        <DialogHeader>
          <DialogTitle>{webhook ? "Edit endpoint" : "Add endpoint"}</DialogTitle>
          <DialogDescription>
            Nativ sends a signed POST request to this URL for each event you choose.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <EndpointForm
            webhook={webhook}
            onCreated={(webhook) => {
              created.current = true
              onCreated?.(webhook)
            }}
            onDone={() => setOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

/** A 4xx names what it refuses; the URL and the events have their own place, the rest goes above. */
function showServerError(error: unknown, setError: UseFormSetError<FormValues>) {
  const message = errorMessage(error)
  const field =
    error instanceof ApiError && error.status < 500
      ? /\burl\b|https|address|host/i.test(message)
        ? "url"
        : /event/i.test(message)
          ? "events"
          : null
      : null
  setError(field ?? "root.server", { message }, { shouldFocus: field === "url" })
}

function EndpointForm({
  webhook,
  onCreated = () => {},
  onDone,
}: {
  webhook?: Webhook
  onCreated?: (created: CreatedWebhook) => void
  onDone: () => void
}) {
  const form = useForm<FormValues, unknown, z.output<typeof createWebhookInputSchema>>({
    resolver: zodResolver(createWebhookInputSchema),
    defaultValues: {
      url: webhook?.url ?? "",
      description: webhook?.description ?? "",
      events: webhook?.events ?? [],
    },
  })
  const create = useCreateWebhook((created) => {
    onCreated(created)
    onDone()
  })
  const save = useSaveWebhook()
  // `ping` is what Send test sends; it is offered only to an endpoint already subscribed to it.
  const offered = WEBHOOK_EVENTS.filter(
    (event) => event !== "ping" || webhook?.events.includes("ping"),
  )
  const { errors } = form.formState

  const submit = form.handleSubmit((input) => {
    const onError = (error: unknown) => showServerError(error, form.setError)
    if (webhook)
      save.mutate({ id: webhook.id, changes: input }, { onSuccess: () => onDone(), onError })
    else create.mutate(input, { onError })
  })

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <FormField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/webhooks/nativ"
        autoComplete="off"
        autoFocus
        error={errors.url?.message}
        {...form.register("url")}
      />
      <FormField
        label="Description (optional)"
        placeholder="e.g. Billing alerts for finance"
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        autoComplete="off"
        error={errors.description?.message}
        {...form.register("description")}
      />
      <WebhooksEventFields
        events={offered}
        error={errors.events?.message}
        registration={form.register("events")}
      />
      {errors.root?.server && (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {errors.root.server.message}
        </p>
      )}
      <FormDialogFooter
        action={webhook ? "Save" : "Add endpoint"}
        busy={create.isPending || save.isPending}
        busyText={webhook ? "Saving..." : "Adding..."}
      />
    </form>
  )
}
