import type { Webhook } from "@nativ/contracts"
import { PencilIcon, SendIcon, Trash2Icon } from "lucide-react"
import * as React from "react"

import { Badge } from "@/components/ui/badge"
import { Button } from "@/components/ui/button"
import { ConfirmDestructive } from "@/components/ui/confirm-destructive"
import { Label } from "@/components/ui/label"
import { Switch } from "@/components/ui/switch"

import { useDeleteWebhook, useSendTestEvent, useSetWebhookEnabled } from "../api/webhooks"
import { WebhooksDeliveries } from "./webhooks-deliveries"
import { WebhooksEndpointDialog } from "./webhooks-endpoint-dialog"

/** After Send test or Resend, deliveries are read again for this long to show the new attempt. */
const WATCH_MS = 10_000

/** One endpoint: where, what it hears, whether it is on, its actions and recent deliveries. */
export function WebhooksEndpoint({ webhook }: { webhook: Webhook }) {
  const switchId = React.useId()
  const [watchUntil, setWatchUntil] = React.useState(0)
  const watch = () => setWatchUntil(Date.now() + WATCH_MS)
  const setEnabled = useSetWebhookEnabled()
  const remove = useDeleteWebhook()
  const sendTest = useSendTestEvent()
  return (
    <li aria-label={webhook.url} className="grid min-w-0 gap-4 p-3 sm:p-4">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 font-mono text-sm font-medium break-all">{webhook.url}</h3>
            {!webhook.enabled && <Badge variant="secondary">Disabled</Badge>}
          </div>
          {webhook.description && (
            <p className="text-sm break-words text-muted-foreground">{webhook.description}</p>
          )}
          {webhook.disabled_reason && (
            <p className="text-sm text-amber-800 dark:text-amber-300">{webhook.disabled_reason}</p>
          )}
          <ul aria-label="Events" className="flex flex-wrap gap-1.5">
            {webhook.events.map((event) => (
              <li key={event}>
                <Badge variant="outline" className="font-mono">
                  {event}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="flex items-center gap-2 pr-2">
            <Switch
              id={switchId}
              checked={webhook.enabled}
              disabled={setEnabled.isPending}
              onCheckedChange={(enabled) => setEnabled.mutate({ webhook, enabled })}
            />
            <Label htmlFor={switchId}>Enabled</Label>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={sendTest.isPending}
            onClick={() => sendTest.mutate(webhook, { onSuccess: watch })}
          >
            <SendIcon aria-hidden="true" />
            {sendTest.isPending ? "Sending..." : "Send test"}
          </Button>
          <WebhooksEndpointDialog
            webhook={webhook}
            trigger={
              <Button variant="ghost" size="icon" aria-label={`Edit ${webhook.url}`}>
                <PencilIcon aria-hidden="true" />
              </Button>
            }
          />
          <ConfirmDestructive
            label={`Delete ${webhook.url}`}
            icon={<Trash2Icon aria-hidden="true" />}
            title="Delete endpoint?"
            description={
              <>
                Nativ will stop sending events to{" "}
                <span className="font-mono break-all">{webhook.url}</span> at once. This cannot be
                undone.
              </>
            }
            action="Delete"
            pendingText="Deleting..."
            busy={remove.isPending}
            onConfirm={() => remove.mutate(webhook)}
          />
        </div>
      </div>
      <WebhooksDeliveries webhook={webhook} watchUntil={watchUntil} onResent={watch} />
    </li>
  )
}
