import { ShieldCheckIcon } from "lucide-react"
import * as React from "react"
import { Navigate, useNavigate } from "react-router"
import { toast } from "sonner"

import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { paths } from "@/config/paths"

import { useSignOut } from "../api/sign-out"
import { returnPath } from "../lib/return-to"
import { useAuth } from "@/lib/auth/auth-provider"
import { MfaCodeForm } from "./mfa-code-form"
import { RecoveryCodeForm } from "./recovery-code-form"

/**
 * /mfa, the second sign-in step: after the password, an account with an authenticator app gives
 * its current code, or one of its recovery codes ("Use a recovery code"). The verified session
 * opens the dashboard; "Use a different account" signs out and goes back to the password step.
 */
export function MfaChallenge() {
  const navigate = useNavigate()
  const { loading, session, mfaRequired } = useAuth()
  const [withRecoveryCode, setWithRecoveryCode] = React.useState(false)
  // This session has not given its code: it may end itself only (the server refuses it more).
  const signOut = useSignOut({
    scope: "local",
    onSuccess: () => void navigate(paths.auth, { replace: true }),
  })

  if (loading)
    return (
      <p role="status" className="text-center text-muted-foreground">
        Loading...
      </p>
    )
  if (!session) return <Navigate to={paths.auth} replace />
  // Once the code is verified the assurance level is read again and this takes the user in, to
  // the page that sent them to sign in when there was one.
  if (!mfaRequired) return <Navigate to={returnPath()} replace />

  const signedIn = () =>
    toast.success("Success!", { description: "You have successfully signed in." })
  const otherAccount = (
    <Button
      type="button"
      variant="link"
      onClick={() => signOut.mutate()}
      disabled={signOut.isPending}
    >
      Use a different account
    </Button>
  )
  return (
    <Card>
      <CardHeader className="justify-items-center gap-3 text-center">
        <ShieldCheckIcon className="size-10 text-primary" aria-hidden="true" />
        <CardTitle className="text-2xl">Two-factor authentication</CardTitle>
        <CardDescription>
          {withRecoveryCode
            ? "Enter one of the recovery codes you saved when you turned on two-factor authentication"
            : "Enter the 6-digit code from your authenticator app"}{" "}
          to finish signing in
          {session.user.email ? ` as ${session.user.email}` : ""}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {withRecoveryCode ? (
          <RecoveryCodeForm onVerified={signedIn}>
            <Button type="button" variant="link" onClick={() => setWithRecoveryCode(false)}>
              Use your authenticator app
            </Button>
            {otherAccount}
          </RecoveryCodeForm>
        ) : (
          <MfaCodeForm onVerified={signedIn}>
            <Button type="button" variant="link" onClick={() => setWithRecoveryCode(true)}>
              Use a recovery code
            </Button>
            {otherAccount}
          </MfaCodeForm>
        )}
      </CardContent>
    </Card>
  )
}
