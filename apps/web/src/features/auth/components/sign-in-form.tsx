import * as React from "react"
import { Link, useNavigate } from "react-router"
import { toast } from "sonner"

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
import { forgetSessionEnd, readSessionEnd } from "@/lib/auth/session-end"

import { useSignIn } from "../api/sign-in"
import { NotConfirmedNotice } from "./not-confirmed-notice"
import { returnPath } from "../lib/return-to"
import { useRequiredFields } from "../lib/use-required-fields"

const fields = {
  email: { message: "Email is required", trim: true },
  password: { message: "Password is required" },
}

/** The auth server's refusal of a right password for an address not confirmed yet. */
const isNotConfirmed = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error
    ? error.code === "email_not_confirmed"
    : false

/**
 * /auth's form: the one form not on react-hook-form + zod, on purpose. /auth's first load has a
 * budget of 150 KB of gzipped JavaScript (bench scenario 5) and uses 138 KB (measured on the
 * build, November 2026); the shared chunk holding zod, react-hook-form and the resolver is 38 KB
 * gzipped, which would take it to 176 KB. Its two required-field checks
 * (../lib/use-required-fields.ts) behave as react-hook-form does with its defaults, so the form
 * still feels like the others.
 */
export function SignInForm() {
  const navigate = useNavigate()
  // Read while on /auth: the page it names forgets it once open, maybe before this callback runs.
  const destination = returnPath()
  const signIn = useSignIn({
    onSuccess: ({ needsCode }) => {
      // With a second factor the sign-in is not done yet: the code step says so itself.
      if (needsCode) return void navigate(paths.mfa, { replace: true })
      toast.success("Success!", { description: "You have successfully signed in." })
      void navigate(destination, { replace: true })
    },
  })
  const form = useRequiredFields(fields)
  // Why the last session ended, when it was not this tab's Log out; said once.
  const [ended] = React.useState(readSessionEnd)
  React.useEffect(() => forgetSessionEnd(), [])

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = form.validate()
    if (values) signIn.mutate(values)
  }

  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">Admin Platform</CardTitle>
        <CardDescription>Sign in to your Nativ account</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <CardContent className="grid gap-4">
          {ended && (
            <p
              role="alert"
              className="rounded-md border border-amber-500/40 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
            >
              {ended}
            </p>
          )}
          <FormField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="Enter your email"
            {...form.field("email")}
          />
          <FormField
            label="Password"
            type="password"
            autoComplete="current-password"
            placeholder="Enter your password"
            {...form.field("password")}
          />
          {isNotConfirmed(signIn.error) && signIn.variables && (
            <NotConfirmedNotice email={signIn.variables.email} />
          )}
          <Link
            to={paths.forgotPassword}
            className="justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </CardContent>
        <CardFooter className="flex-col gap-4">
          <Button type="submit" className="w-full" disabled={signIn.isPending}>
            {signIn.isPending ? "Signing in..." : "Sign In"}
          </Button>
          <p className="text-sm text-muted-foreground">
            Don&apos;t have an account?{" "}
            <Link
              to={paths.signup}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Sign up
            </Link>
          </p>
        </CardFooter>
      </form>
    </Card>
  )
}
