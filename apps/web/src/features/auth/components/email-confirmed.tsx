import { CircleAlertIcon, CircleCheckIcon } from "lucide-react"
import * as React from "react"
import { Link, Navigate, useSearchParams } from "react-router"
import { toast } from "sonner"

import { Button } from "@/components/ui/button"
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card"
import { paths } from "@/config/paths"

import { useVerifyEmail } from "../api/verify-email"
import { useAuth } from "@/lib/auth/auth-provider"

/**
 * Landing of the sign-up confirmation link. With type=email and a token_hash it verifies the
 * token (once), removes both parameters and toasts 'Account Confirmed!'; the new session then
 * takes the visitor to the dashboard.
 */
export function EmailConfirmed() {
  const [params, setParams] = useSearchParams()
  const { loading, session } = useAuth()
  const tokenHash = params.get("type") === "email" ? params.get("token_hash") : null
  const started = React.useRef(false)
  const verify = useVerifyEmail({
    onSuccess: () =>
      toast.success("Account Confirmed!", {
        description: "Your email has been successfully verified. Welcome to Nativ!",
      }),
  })
  const { mutate } = verify

  React.useEffect(() => {
    if (!tokenHash || started.current) return
    started.current = true
    mutate(tokenHash)
    setParams(
      (current) => {
        current.delete("token_hash")
        current.delete("type")
        return current
      },
      { replace: true },
    )
  }, [tokenHash, mutate, setParams])

  const verifying = Boolean(tokenHash) || verify.isPending
  if (!loading && session && !verifying) return <Navigate to={paths.home} replace />

  const failed = verify.isError
  return (
    <Card className="text-center">
      <CardHeader className="justify-items-center gap-3">
        {failed ? (
          <CircleAlertIcon className="size-12 text-destructive" aria-hidden="true" />
        ) : (
          <CircleCheckIcon
            className="size-12 text-green-600 dark:text-green-400"
            aria-hidden="true"
          />
        )}
        <CardTitle className="text-2xl">
          {failed ? "Email Not Confirmed" : "Email Confirmed!"}
        </CardTitle>
        <CardDescription>
          {verifying
            ? "Confirming your email..."
            : failed
              ? "This confirmation link is invalid or has expired. Sign in, or sign up again to get a new link."
              : "Your email has been verified. You can now sign in to your account."}
        </CardDescription>
      </CardHeader>
      <CardFooter className="justify-center">
        <Button asChild>
          <Link to={paths.auth}>Sign In to Dashboard</Link>
        </Button>
      </CardFooter>
    </Card>
  )
}
