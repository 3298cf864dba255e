import type { CreatedApiKey } from "@nativ/contracts"
import { CopyIcon, EyeIcon, EyeOffIcon, KeyRoundIcon } from "lucide-react"
import * as React from "react"

import { Button } from "@/components/ui/button"

import { copyText } from "@/lib/clipboard"

/** The new key, shown once: visible at first, hideable, copyable; stays until dismissed. */
export function NewKeyBanner({
  apiKey,
  onDismiss,
}: {
  apiKey: CreatedApiKey
  onDismiss: () => void
}) {
  const [visible, setVisible] = React.useState(true)
  return (
    <section
      aria-labelledby="new-key-title"
      className="grid grid-cols-1 gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-6 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <h2 id="new-key-title" className="flex items-center gap-2 font-semibold">
        <KeyRoundIcon className="size-4" aria-hidden="true" />
        Your new API key &quot;{apiKey.name}&quot;
      </h2>
      <p className="text-sm">
        Copy this key now and store it somewhere safe. For your security it will not be shown again.
      </p>
      <div className="flex items-center gap-2">
        {/* Focusable so a keyboard can scroll a key wider than a phone. */}
        <code
          tabIndex={0}
          data-testid="new-api-key"
          className="min-w-0 flex-1 overflow-x-auto rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm whitespace-nowrap text-neutral-900 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:border-amber-700 dark:bg-neutral-950 dark:text-neutral-100"
        >
          {visible ? apiKey.key : "•".repeat(Math.min(apiKey.key.length, 40))}
        </code>
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Hide key" : "Show key"}
        >
          {visible ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={() => void copyText(apiKey.key)}
          aria-label="Copy key"
        >
          <CopyIcon aria-hidden="true" />
        </Button>
      </div>
      <Button type="button" className="justify-self-start" onClick={onDismiss}>
        I&apos;ve copied the key
      </Button>
    </section>
  )
}
