import type { CreatedWebhook } from "@nativ/contracts"
import { PlusIcon, WebhookIcon } from "lucide-react"
import * as React from "react"

import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"

import { useWebhooks } from "../api/webhooks"
import { LoadFailed, Loading } from "./style-states"
import { WebhooksEndpoint } from "./webhooks-endpoint"
import { WebhooksEndpointDialog } from "./webhooks-endpoint-dialog"
import { WebhooksSecretBanner } from "./webhooks-secret-banner"

/**
 * Settings → Webhooks (owners and admins): the company's endpoints, each with its events, switch,
 * Send test and recent deliveries; a new endpoint's signing secret is shown once above them.
 */
export function WebhooksTab() {
  const webhooks = useWebhooks()
  const [created, setCreated] = React.useState<CreatedWebhook | null>(null)
  const addButton = (
    <WebhooksEndpointDialog
      onCreated={setCreated}
      trigger={
        <Button>
          <PlusIcon aria-hidden="true" />
          Add endpoint
        </Button>
      }
    />
  )
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <CardTitle>Webhooks</CardTitle>
          <CardDescription>
            Nativ sends a signed request to your endpoints when something happens in your company.
          </CardDescription>
        </div>
        {webhooks.isSuccess && webhooks.data.length > 0 && addButton}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6">
        {created && <WebhooksSecretBanner webhook={created} onDismiss={() => setCreated(null)} />}
        {webhooks.isPending ? (
          <Loading>Loading webhooks...</Loading>
        ) : webhooks.isError ? (
          <LoadFailed
            what="The webhooks"
            error={webhooks.error}
            onRetry={() => void webhooks.refetch()}
          />
        ) : !webhooks.data.length ? (
          <div className="grid justify-items-center gap-2 py-8 text-center">
            <WebhookIcon className="mb-2 size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No endpoints yet</p>
            <p className="max-w-prose text-sm text-muted-foreground">
              Add an endpoint to hear at once when credits run low, a job completes or someone
              joins, without polling the API.
            </p>
            <div className="mt-2">{addButton}</div>
          </div>
        ) : (
          <ul aria-label="Endpoints" className="min-w-0 divide-y rounded-md border">
            {webhooks.data.map((webhook) => (
              <WebhooksEndpoint key={webhook.id} webhook={webhook} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
