import { WEBHOOK_EVENT_DESCRIPTIONS, type WebhookEvent } from "@nativ/contracts"
import * as React from "react"
import type { UseFormRegisterReturn } from "react-hook-form"

/** The events an endpoint hears of: one checkbox per event with what it means. */
export function WebhooksEventFields({
  events,
  error,
  registration,
}: {
  events: readonly WebhookEvent[]
  error?: string
  registration: UseFormRegisterReturn<"events">
}) {
  const id = React.useId()
  const errorId = `${id}-error`
  return (
    <fieldset
      className="grid min-w-0 gap-3"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-2 text-sm font-medium">Events</legend>
      {events.map((event) => (
        <div key={event} className="flex items-start gap-3">
          <input
            id={`${id}-${event}`}
            type="checkbox"
            value={event}
            className="mt-0.5 size-4 shrink-0 accent-primary"
            aria-describedby={`${id}-${event}-hint`}
            {...registration}
          />
          <div className="grid min-w-0 gap-1">
            <label htmlFor={`${id}-${event}`} className="font-mono text-sm leading-none">
              {event}
            </label>
            <p id={`${id}-${event}-hint`} className="text-xs text-muted-foreground">
              {WEBHOOK_EVENT_DESCRIPTIONS[event]}
            </p>
          </div>
        </div>
      ))}
      {error && (
        <p id={errorId} className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  )
}
