import * as React from "react"

import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"

/** A labelled input with its validation message beside it, wired for screen readers. */
export function FormField({
  label,
  error,
  id,
  ...props
}: React.ComponentProps<typeof Input> & { label: string; error?: string }) {
  const generated = React.useId()
  const inputId = id ?? generated
  const errorId = `${inputId}-error`
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}
