import type { CreatedWebhook } from "@nativ/contracts"
import { CopyIcon, KeyRoundIcon } from "lucide-react"
import * as React from "react"

import { Button } from "@/components/ui/button"
import { copyText } from "@/lib/clipboard"

const header = (name: string) => (
  <code className="rounded bg-amber-100 px-1 font-mono text-xs dark:bg-amber-900/60">{name}</code>
)

/** The new endpoint's signing secret, shown once, with how receivers check signatures. */
export function WebhooksSecretBanner({
  webhook,
  onDismiss,
}: {
  webhook: CreatedWebhook
  onDismiss: () => void
}) {
  const ref = React.useRef<HTMLElement>(null)
  // The dialog that created the endpoint has closed: bring the secret to the reader's attention.
  React.useEffect(() => ref.current?.focus(), [])
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="webhook-secret-title"
      className="grid min-w-0 grid-cols-1 gap-3 rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-6 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <h3 id="webhook-secret-title" className="flex items-start gap-2 font-semibold">
        <KeyRoundIcon className="mt-1 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 [overflow-wrap:anywhere]">Signing secret for {webhook.url}</span>
      </h3>
      <p className="text-sm">
        Copy this secret now and store it with your receiver. For your security it will not be shown
        again.
      </p>
      <div className="flex items-center gap-2">
        <code
          data-testid="webhook-secret"
          className="min-w-0 flex-1 overflow-x-auto rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm whitespace-nowrap text-neutral-900 dark:border-amber-700 dark:bg-neutral-950 dark:text-neutral-100"
        >
          {webhook.secret}
        </code>
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={() => void copyText(webhook.secret)}
          aria-label="Copy secret"
        >
          <CopyIcon aria-hidden="true" />
        </Button>
      </div>
      <p className="text-sm">
        Requests are signed as the Standard Webhooks specification says: check the{" "}
        {header("webhook-signature")} header against the {header("webhook-id")},{" "}
        {header("webhook-timestamp")} and body with this secret (any Standard Webhooks library does
        it), and refuse old timestamps.
      </p>
      <Button type="button" className="justify-self-start" onClick={onDismiss}>
        I&apos;ve copied the secret
      </Button>
    </section>
  )
}
