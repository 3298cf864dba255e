import type * as React from "react"
import { useForm } from "react-hook-form"

import { Button } from "@/components/ui/button"
import { FormField } from "@/components/ui/form-field"
import { useVerifyRecoveryCode } from "@/lib/auth/recovery-codes"
import { errorMessage } from "@/lib/errors"

const EMPTY_MESSAGE = "Enter one of your recovery codes."

/**
 * The second sign-in step with a recovery code instead of the app's code: the code is used up
 * and the session rises to aal2. A refused code is said beside the field and the form stays.
 */
export function RecoveryCodeForm({
  onVerified,
  submitLabel = "Verify",
  children,
}: {
  onVerified?: () => void
  submitLabel?: string
  children?: React.ReactNode
}) {
  const form = useForm({ defaultValues: { code: "" } })
  const verify = useVerifyRecoveryCode({ onSuccess: () => onVerified?.() })
  const onSubmit = form.handleSubmit(({ code }) =>
    verify.mutate(code, {
      onError: () => {
        form.resetField("code")
        form.setFocus("code")
      },
    }),
  )
  const error =
    form.formState.errors.code?.message ??
    (verify.isError ? errorMessage(verify.error, "Invalid recovery code") : undefined)
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        label="Recovery code"
        placeholder="xxxxx-xxxxx"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        error={error}
        {...form.register("code", { validate: (v) => v.trim() !== "" || EMPTY_MESSAGE })}
      />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? "Verifying..." : submitLabel}
      </Button>
      {children}
    </form>
  )
}
