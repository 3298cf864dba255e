import type * as React from "react"

import { FormField } from "@/components/ui/form-field"

/**
 * A six-digit one-time code: a numeric keypad on phones, the browser's and password managers'
 * one-time-code autofill, and anything but digits dropped as it is typed or pasted.
 */
export function CodeField({
  value,
  onValueChange,
  label = "Authentication code",
  ...props
}: Omit<React.ComponentProps<typeof FormField>, "label" | "onChange" | "value"> & {
  value: string
  onValueChange: (code: string) => void
  label?: string
}) {
  return (
    <FormField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      placeholder="123456"
      className="font-mono tracking-[0.3em]"
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, "").slice(0, 6))}
      {...props}
    />
  )
}
