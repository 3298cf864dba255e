import { useQuery } from "@tanstack/react-query"
import { CircleAlertIcon, LoaderCircleIcon } from "lucide-react"
import * as React from "react"
import { Link, useLocation, useNavigate } from "react-router"
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
import { paths } from "@/config/paths"
import { entryUrl } from "@/lib/entry-url"

import { openRecoverySession } from "../api/password-reset"
import { useAuth } from "@/lib/auth/auth-provider"
import { readAuthLinkError } from "../lib/auth-tokens"
import { MfaCodeForm } from "./mfa-code-form"
import { RecoveryCodeForm } from "./recovery-code-form"
import { SetPasswordForm } from "./set-password-form"

/** Whether the address is a recovery link's redirect (its tokens and type=recovery in the hash). */
const isRecoveryLink = (hash: string) =>
  new URLSearchParams(hash.replace(/^#/, "")).get("type") === "recovery"

/**
 * The reset email's landing. The link's session is opened by supabase-js (PASSWORD_RECOVERY);
 * an account with an authenticator app gives its code first; then a new password signs the user
 * in. A failed, expired or used link (or a visit without one) offers to send a new link.
 */
export function ResetPasswordFlow() {
  const location = useLocation()
  const navigate = useNavigate()
  const [entry] = React.useState(() => {
    // supabase-js may already have cleared the hash of the address this page was opened at.
    const opened = entryUrl.pathname === paths.resetPassword ? entryUrl : location
    return {
      linkError: readAuthLinkError(location) ?? readAuthLinkError({ ...opened, search: "" }),
      recovery: isRecoveryLink(location.hash) || isRecoveryLink(opened.hash),
    }
  })
  const auth = useAuth()
  const [withRecoveryCode, setWithRecoveryCode] = React.useState(false)
  const recovery = useQuery({
    queryKey: ["recovery-session"],
    queryFn: openRecoverySession,
    enabled: entry.recovery && !entry.linkError,
    staleTime: Infinity,
    gcTime: 0,
  })

  React.useEffect(() => {
    // The error text stays on screen; the address loses it so a reload does not repeat it.
    if (entry.linkError) void navigate(paths.resetPassword, { replace: true })
  }, [entry, navigate])

  if (entry.linkError || !entry.recovery || recovery.isError) return <ExpiredLinkCard />
  if (recovery.isPending || auth.loading || !auth.session)
    return (
      <Card className="items-center py-10" role="status">
        <LoaderCircleIcon className="size-8 animate-spin text-primary" aria-hidden="true" />
        <CardTitle className="text-xl">Verifying link</CardTitle>
      </Card>
    )
  if (auth.mfaRequired)
    return (
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">Two-factor authentication</CardTitle>
          <CardDescription>
            {withRecoveryCode
              ? "Enter one of your recovery codes before choosing a new password."
              : "Enter the 6-digit code from your authenticator app before choosing a new password."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {withRecoveryCode ? (
            <RecoveryCodeForm submitLabel="Continue">
              <Button type="button" variant="link" onClick={() => setWithRecoveryCode(false)}>
                Use your authenticator app
              </Button>
            </RecoveryCodeForm>
          ) : (
            <MfaCodeForm submitLabel="Continue">
              <Button type="button" variant="link" onClick={() => setWithRecoveryCode(true)}>
                Use a recovery code
              </Button>
            </MfaCodeForm>
          )}
        </CardContent>
      </Card>
    )
  return (
    <SetPasswordForm
      title="Choose a new password"
      description={`Set a new password for ${auth.session.user.email ?? "your account"}.`}
      onDone={() => {
        toast.success("Password updated", {
          description: "Your new password is set and you are signed in.",
        })
        void navigate(paths.home, { replace: true })
      }}
    />
  )
}

function ExpiredLinkCard() {
  return (
    <Card className="text-center">
      <CardHeader className="justify-items-center gap-3">
        <CircleAlertIcon className="size-12 text-destructive" aria-hidden="true" />
        <CardTitle className="text-2xl">Reset link expired</CardTitle>
        <CardDescription>
          This password reset link is invalid, has expired or was already used. Ask for a new one
          and use the newest email.
        </CardDescription>
      </CardHeader>
      <CardFooter className="flex-col gap-4">
        <Button asChild className="w-full">
          <Link to={paths.forgotPassword}>Send a new link</Link>
        </Button>
        <Link
          to={paths.auth}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </CardFooter>
    </Card>
  )
}
