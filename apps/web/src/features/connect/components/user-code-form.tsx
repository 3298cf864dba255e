import { userCodeInputSchema } from "@nativ/contracts"
import { MonitorSmartphoneIcon } from "lucide-react"
import * as React from "react"

import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card"
import { FormField } from "@/components/ui/form-field"
import { errorMessage } from "@/lib/errors"

/**
 * /activate's first step: the code the CLI or a design-tool plugin shows. Case, spaces and the
 * dash do not matter (the server drops them); the server's reason for refusing a code is shown
 * under the field.
 */
export function UserCodeForm({
  code,
  onCodeChange,
  onSubmit,
  pending,
  error,
}: {
  code: string
  onCodeChange: (code: string) => void
  onSubmit: (code: string) => void
  pending: boolean
  error: unknown
}) {
  const [invalid, setInvalid] = React.useState<string | null>(null)
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = userCodeInputSchema.safeParse({ user_code: code })
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? "Enter a code")
    setInvalid(null)
    onSubmit(parsed.data.user_code)
  }
  const shown = invalid ?? (error ? errorMessage(error) : undefined)
  return (
    <Card>
      <CardHeader className="justify-items-center gap-3 text-center">
        <MonitorSmartphoneIcon className="size-10 text-primary" aria-hidden="true" />
        <h1 className="text-2xl leading-none font-semibold">Connect a device</h1>
        <CardDescription>
          Enter the code the app shows (the Nativ CLI or a design-tool plugin) to connect it to your
          company.
        </CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate className="grid gap-6">
        <CardContent>
          <FormField
            label="Code"
            value={code}
            onChange={(event) => {
              setInvalid(null)
              onCodeChange(event.target.value)
            }}
            placeholder="WDJB-MJHT"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            className="font-mono tracking-widest uppercase placeholder:normal-case"
            error={shown}
          />
        </CardContent>
        <CardFooter>
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? "Checking..." : "Continue"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}
