import * as React from "react"

import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"

/** 'Monthly credit cap': optional, with what it does under it and its error in place of that. */
export function CapField({
  error,
  id,
  ...props
}: React.ComponentProps<typeof Input> & { error?: string }) {
  const generated = React.useId()
  const inputId = id ?? generated
  const noteId = `${inputId}-note`
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={inputId}>Monthly credit cap</Label>
      <Input
        id={inputId}
        inputMode="numeric"
        placeholder="No cap"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        {...props}
      />
      <p
        id={noteId}
        className={
          error ? "text-sm text-destructive dark:text-red-400" : "text-xs text-muted-foreground"
        }
      >
        {error ?? "Optional. Requests with the key stop once it uses this many credits in a month."}
      </p>
    </div>
  )
}
