import type { Webhook } from "@nativ/contracts"

import { ErrorState } from "@/components/ui/error-state"

import { useResendDelivery, useWebhookDeliveries } from "../api/webhooks"
import { WebhooksDeliveryRow } from "./webhooks-delivery-row"

/** How many of the newest deliveries an endpoint shows. */
const RECENT = 10

/** An endpoint's recent deliveries; `watchUntil` keeps reading them while a new one is on its way. */
export function WebhooksDeliveries({
  webhook,
  watchUntil,
  onResent,
}: {
  webhook: Webhook
  watchUntil: number
  onResent: () => void
}) {
  const deliveries = useWebhookDeliveries(webhook.id, watchUntil)
  const resend = useResendDelivery()
  return (
    <section aria-label={`Recent deliveries to ${webhook.url}`} className="grid min-w-0 gap-2">
      <h4 className="text-sm font-medium">Recent deliveries</h4>
      {deliveries.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading deliveries...
        </p>
      ) : deliveries.isError ? (
        <ErrorState
          title="The deliveries could not be loaded."
          error={deliveries.error}
          onRetry={() => void deliveries.refetch()}
          retrying={deliveries.isFetching}
        />
      ) : !deliveries.data.length ? (
        <p className="text-sm text-muted-foreground">
          No deliveries yet. Send test to try the endpoint.
        </p>
      ) : (
        <ul className="min-w-0 rounded-md border px-3">
          {deliveries.data.slice(0, RECENT).map((delivery) => (
            <WebhooksDeliveryRow
              key={delivery.id}
              delivery={delivery}
              resending={resend.isPending && resend.variables?.deliveryId === delivery.id}
              onResend={() =>
                resend.mutate(
                  { webhookId: webhook.id, deliveryId: delivery.id },
                  { onSuccess: onResent },
                )
              }
            />
          ))}
        </ul>
      )}
    </section>
  )
}
