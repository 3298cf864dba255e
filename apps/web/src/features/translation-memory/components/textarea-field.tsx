import * as React from "react"

import { Label } from "@/components/ui/label"
import { Textarea } from "@/components/ui/textarea"

/** A labelled multi-line input with its validation message below it. */
export function TextareaField({
  label,
  error,
  ...props
}: React.ComponentProps<typeof Textarea> & { label: string; error?: string }) {
  const id = React.useId()
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}
