import { zodResolver } from "@hookform/resolvers/zod"
import { CircleCheckIcon } from "lucide-react"
import * as React from "react"
import { useForm } from "react-hook-form"
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
import { MIN_PASSWORD_LENGTH, newPasswordProblem } from "@/lib/auth/password-rules"
import { showError } from "@/lib/errors"

import { useSetPassword } from "../api/invitation"
import { signOut } from "../api/sign-out"

/** The spec's set-password checks, in its order; each problem is reported as its own toast. */
const formSchema = z
  .object({ password: z.string(), confirmation: z.string() })
  .superRefine(({ password, confirmation }, context) => {
    const problem = newPasswordProblem(password, confirmation)
    if (problem)
      context.addIssue({ code: "custom", path: ["confirmation"], message: problem.message })
  })
type FormValues = z.infer<typeof formSchema>

/**
 * New Password and Confirm Password, checked for a match and the minimum length. The invitation
 * uses it as is; the password reset gives its own title and text.
 */
export function SetPasswordForm({
  onDone,
  title = "Set Your Password",
  description = "Welcome to Nativ! Choose a password to finish setting up your account.",
  details,
}: {
  onDone: () => void
  title?: string
  description?: string
  /** Shown above the fields (the invitation's email and company). */
  details?: React.ReactNode
}) {
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: "", confirmation: "" },
  })
  const setPassword = useSetPassword({ onSuccess: onDone })

  const onSubmit = form.handleSubmit(
    ({ password }) => setPassword.mutate(password),
    () => {
      // The schema has said there is a problem; the rule names it with the toast's title.
      const { password, confirmation } = form.getValues()
      const problem = newPasswordProblem(password, confirmation)
      if (problem) showError(problem.title, problem)
    },
  )

  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {/* noValidate: the spec's own toasts report a short password, not the browser's bubble. */}
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <CardContent className="grid gap-4">
          {details}
          <FormField
            label="New Password"
            type="password"
            autoComplete="new-password"
            placeholder="Enter your new password"
            minLength={MIN_PASSWORD_LENGTH}
            required
            {...form.register("password")}
          />
          <FormField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            placeholder="Confirm your new password"
            minLength={MIN_PASSWORD_LENGTH}
            required
            {...form.register("confirmation")}
          />
        </CardContent>
        <CardFooter>
          <Button type="submit" className="w-full" disabled={setPassword.isPending}>
            {setPassword.isPending ? "Setting Password..." : "Set Password"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}

/** The done state: 'Log in to Dashboard' signs out, goes to /auth and reloads the app. */
export function PasswordSetCard() {
  const [leaving, setLeaving] = React.useState(false)
  const logIn = async () => {
    setLeaving(true)
    // Whatever the outcome, the reload on /auth starts from a clean state.
    await signOut().catch((error: unknown) => console.error("Sign-out failed:", error))
    window.location.assign(paths.auth)
  }
  return (
    <Card className="text-center">
      <CardHeader className="justify-items-center gap-3">
        <CircleCheckIcon
          className="size-12 text-green-600 dark:text-green-400"
          aria-hidden="true"
        />
        <CardTitle className="text-2xl">Password Set Successfully!</CardTitle>
        <CardDescription>
          Your password has been saved. Log in with your email and new password.
        </CardDescription>
      </CardHeader>
      <CardFooter className="justify-center">
        <Button onClick={() => void logIn()} disabled={leaving}>
          Log in to Dashboard
        </Button>
      </CardFooter>
    </Card>
  )
}
