import { type Control, Controller } from "react-hook-form"

import { CodeField } from "@/components/ui/code-field"

/**
 * The code field of a react-hook-form form whose one value is `code`: the form's own message
 * (the format) wins over `otherError` (e.g. the server refusing the code).
 */
export function CodeFormField({
  control,
  otherError,
  label,
  autoFocus,
}: {
  control: Control<{ code: string }>
  otherError?: string
  label?: string
  autoFocus?: boolean
}) {
  return (
    <Controller
      control={control}
      name="code"
      render={({ field, fieldState }) => (
        <CodeField
          ref={field.ref}
          name={field.name}
          label={label}
          autoFocus={autoFocus}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? otherError}
        />
      )}
    />
  )
}
