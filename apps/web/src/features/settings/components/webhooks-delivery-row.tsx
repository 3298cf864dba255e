import type { WebhookDelivery, WebhookDeliveryStatus } from "@nativ/contracts"
import { ChevronRightIcon, RotateCwIcon } from "lucide-react"
import * as React from "react"

import { Badge } from "@/components/ui/badge"
import { Button } from "@/components/ui/button"
import { formatDateTime } from "@/lib/format"
import { cn } from "@/lib/utils"

const STATUS: Record<WebhookDeliveryStatus, { label: string; className: string }> = {
  pending: {
    label: "Pending",
    className: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  },
  succeeded: { label: "Succeeded", className: "bg-green-700 text-white" },
  failed: { label: "Failed", className: "bg-red-700 text-white" },
}

const codeBlock =
  "max-h-64 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs break-all whitespace-pre-wrap"

/** One delivery: its event, status and last answer; expands to the answer's body and the payload. */
export function WebhooksDeliveryRow({
  delivery,
  onResend,
  resending,
}: {
  delivery: WebhookDelivery
  onResend: () => void
  resending: boolean
}) {
  const [open, setOpen] = React.useState(false)
  const detailsId = React.useId()
  const status = STATUS[delivery.status]
  return (
    <li aria-label={`${delivery.event} ${status.label}`} className="border-b last:border-b-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
          className="flex min-w-0 flex-1 basis-60 flex-wrap items-center gap-x-3 gap-y-1 rounded-sm text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <ChevronRightIcon
            aria-hidden="true"
            className={cn("size-4 shrink-0 transition-transform", open && "rotate-90")}
          />
          <span className="font-mono text-sm">{delivery.event}</span>
          <Badge className={status.className}>{status.label}</Badge>
          <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            <span>
              {delivery.attempts} {delivery.attempts === 1 ? "attempt" : "attempts"}
            </span>
            <span>
              {delivery.response_status === null
                ? "No response"
                : `Response ${delivery.response_status}`}
            </span>
            {delivery.duration_ms !== null && <span>{delivery.duration_ms} ms</span>}
            <time dateTime={delivery.created_at}>{formatDateTime(delivery.created_at)}</time>
          </span>
        </button>
        <Button
          variant="outline"
          size="sm"
          onClick={onResend}
          disabled={resending}
          aria-label={`Resend ${delivery.event} of ${formatDateTime(delivery.created_at)}`}
        >
          <RotateCwIcon aria-hidden="true" />
          Resend
        </Button>
      </div>
      {open && <DeliveryDetails id={detailsId} delivery={delivery} />}
    </li>
  )
}

function DeliveryDetails({ id, delivery }: { id: string; delivery: WebhookDelivery }) {
  return (
    <div id={id} className="grid min-w-0 gap-3 pb-3 sm:pl-7">
      <dl className="grid gap-1 text-xs text-muted-foreground">
        <div className="flex flex-wrap gap-1">
          <dt>webhook-id</dt>
          <dd className="font-mono break-all">{delivery.message_id}</dd>
        </div>
        {delivery.last_attempt_at && (
          <div className="flex gap-1">
            <dt>Last attempt</dt>
            <dd>{formatDateTime(delivery.last_attempt_at)}</dd>
          </div>
        )}
        {delivery.status === "pending" && delivery.next_attempt_at && (
          <div className="flex gap-1">
            <dt>Next attempt</dt>
            <dd>{formatDateTime(delivery.next_attempt_at)}</dd>
          </div>
        )}
      </dl>
      <div className="grid min-w-0 gap-1">
        <h5 className="text-xs font-medium">Response body</h5>
        {delivery.response_body ? (
          <pre className={codeBlock}>{delivery.response_body}</pre>
        ) : (
          <p className="text-xs text-muted-foreground">No response body</p>
        )}
      </div>
      <div className="grid min-w-0 gap-1">
        <h5 className="text-xs font-medium">Payload</h5>
        <pre className={codeBlock}>{JSON.stringify(delivery.payload, null, 2)}</pre>
      </div>
    </div>
  )
}
