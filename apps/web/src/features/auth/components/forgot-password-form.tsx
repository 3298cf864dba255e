import { zodResolver } from "@hookform/resolvers/zod"
import { MailCheckIcon } from "lucide-react"
import * as React from "react"
import { useForm } from "react-hook-form"
import { Link } from "react-router"
import { z } from "zod"

import { Button } from "@/components/ui/button"
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card"
import { FormField } from "@/components/ui/form-field"
import { paths } from "@/config/paths"

import { useRequestPasswordReset } from "../api/password-reset"

const forgotSchema = z.object({
  email: z.string().trim().min(1, "Email is required").pipe(z.email("Enter a valid email address")),
})
type ForgotValues = z.infer<typeof forgotSchema>

const backToSignIn = (
  <Link to={paths.auth} className="font-medium text-primary underline-offset-4 hover:underline">
    Back to sign in
  </Link>
)

/** /forgot-password: asks for the email, then says the same whether or not an account exists. */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = React.useState<string | null>(null)
  const form = useForm<ForgotValues>({
    resolver: zodResolver(forgotSchema),
    defaultValues: { email: "" },
  })
  const request = useRequestPasswordReset({ onSuccess: (_data, email) => setSentTo(email) })
  const onSubmit = form.handleSubmit(({ email }) => request.mutate(email))

  if (sentTo) return <LinkSentCard email={sentTo} onRetry={() => setSentTo(null)} />
  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">Forgot your password?</CardTitle>
        <CardDescription>
          Enter the email you sign in with and we&apos;ll send you a link to choose a new password.
        </CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <CardContent>
          <FormField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="Enter your email"
            error={form.formState.errors.email?.message}
            {...form.register("email")}
          />
        </CardContent>
        <CardFooter className="flex-col gap-4">
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? "Sending..." : "Send reset link"}
          </Button>
          <p className="text-sm text-muted-foreground">Remembered it? {backToSignIn}</p>
        </CardFooter>
      </form>
    </Card>
  )
}

function LinkSentCard({ email, onRetry }: { email: string; onRetry: () => void }) {
  return (
    <Card className="text-center">
      <CardHeader className="justify-items-center gap-3">
        <MailCheckIcon className="size-12 text-primary" aria-hidden="true" />
        <CardTitle className="text-2xl">Check your email</CardTitle>
        <CardDescription role="status">
          If an account exists for {email}, a reset link is on its way. The link works once and
          expires in 1 hour.
        </CardDescription>
      </CardHeader>
      <CardFooter className="flex-col gap-4">
        <Button variant="outline" className="w-full" onClick={onRetry}>
          Use a different email
        </Button>
        <p className="text-sm">{backToSignIn}</p>
      </CardFooter>
    </Card>
  )
}
