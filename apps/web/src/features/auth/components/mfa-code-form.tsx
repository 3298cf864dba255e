import { zodResolver } from "@hookform/resolvers/zod"
import type * as React from "react"
import { useForm } from "react-hook-form"

import { Button } from "@/components/ui/button"
import { CodeFormField } from "@/components/ui/code-form-field"
import { type CodeFormValues, codeFormSchema } from "@/lib/auth/code-form-schema"
import { useVerifyCode } from "@/lib/auth/mfa"
import { errorMessage } from "@/lib/errors"

/**
 * Asks for the code of the account's authenticator app and raises the session to aal2. A wrong
 * code is said beside the field (and in the toast) and the form stays, cleared for the next try.
 */
export function MfaCodeForm({
  onVerified,
  submitLabel = "Verify",
  children,
}: {
  onVerified?: () => void
  submitLabel?: string
  children?: React.ReactNode
}) {
  const form = useForm<CodeFormValues>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: "" },
  })
  const verify = useVerifyCode({ onSuccess: () => onVerified?.() })

  const onSubmit = form.handleSubmit(({ code }) =>
    verify.mutate(
      { code },
      {
        onError: () => {
          form.resetField("code")
          form.setFocus("code")
        },
      },
    ),
  )

  const serverError = verify.isError ? errorMessage(verify.error, "Invalid code") : undefined
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <CodeFormField control={form.control} otherError={serverError} autoFocus />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? "Verifying..." : submitLabel}
      </Button>
      {children}
    </form>
  )
}
