import { CircleCheckIcon } from "lucide-react"
import * as React from "react"

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
import { showError } from "@/lib/errors"

import { useSetPassword } from "../api/invitation"
import { signOut } from "../api/sign-out"
import { MIN_PASSWORD_LENGTH, newPasswordProblem } from "../lib/password-rules"

/** New Password and Confirm Password, checked for a match and the minimum length. */
export function SetPasswordForm({ onDone }: { onDone: () => void }) {
  const [password, setPasswordValue] = React.useState("")
  const [confirmation, setConfirmation] = React.useState("")
  const setPassword = useSetPassword({ onSuccess: onDone })

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = newPasswordProblem(password, confirmation)
    if (problem) return showError(problem.title, problem)
    setPassword.mutate(password)
  }

  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">Set Your Password</CardTitle>
        <CardDescription>
          Welcome to Nativ! Choose a password to finish setting up your account.
        </CardDescription>
      </CardHeader>
      {/* noValidate: the spec's own toasts report a short password, not the browser's bubble. */}
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <CardContent className="grid gap-4">
          <FormField
            label="New Password"
            type="password"
            autoComplete="new-password"
            placeholder="Enter your new password"
            minLength={MIN_PASSWORD_LENGTH}
            required
            value={password}
            onChange={(event) => setPasswordValue(event.target.value)}
          />
          <FormField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            placeholder="Confirm your new password"
            minLength={MIN_PASSWORD_LENGTH}
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
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
