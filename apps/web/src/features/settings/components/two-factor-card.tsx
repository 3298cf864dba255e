import { SmartphoneIcon } from "lucide-react"
import * as React from "react"

import { Badge } from "@/components/ui/badge"
import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { useTotpFactors } from "@/lib/auth/mfa"
import { formatDate } from "@/lib/format"

import { RecoveryCodesPanel } from "./recovery-codes-panel"
import { RemoveFactorDialog } from "./remove-factor-dialog"

// The QR library comes with the dialog, fetched when someone starts the setup.
const EnrolTotpDialog = React.lazy(() => import("./enrol-totp-dialog"))

/** Security → Two-factor authentication: the authenticator app, added or removed. */
export function TwoFactorCard() {
  const factors = useTotpFactors()
  const [enrolling, setEnrolling] = React.useState(false)
  const [removing, setRemoving] = React.useState<string | null>(null)

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor authentication</CardTitle>
        <CardDescription>
          A second step at sign-in: after the password, a 6-digit code from an authenticator app on
          your phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {factors.isPending && <p role="status">Loading...</p>}
        {factors.isError && (
          <div className="grid justify-items-start gap-3">
            <p>Your two-factor settings could not be loaded.</p>
            <Button variant="outline" onClick={() => void factors.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {factors.isSuccess && factors.data.length === 0 && (
          <div className="grid justify-items-start gap-3">
            <p className="text-muted-foreground">Two-factor authentication is off.</p>
            <Button onClick={() => setEnrolling(true)}>Set up two-factor authentication</Button>
          </div>
        )}
        {factors.isSuccess && factors.data.length > 0 && (
          <ul className="grid gap-3" aria-label="Authenticator apps">
            {factors.data.map((factor) => (
              <li
                key={factor.id}
                className="flex flex-wrap items-center gap-3 rounded-md border p-3"
              >
                <SmartphoneIcon className="size-5 text-muted-foreground" aria-hidden="true" />
                <div className="grid min-w-0 flex-1">
                  <span className="font-medium">{factor.friendly_name || "Authenticator app"}</span>
                  <span className="text-sm text-muted-foreground">
                    Added {formatDate(factor.created_at)}
                  </span>
                </div>
                <Badge>On</Badge>
                <Button variant="outline" onClick={() => setRemoving(factor.id)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {factors.isSuccess && factors.data.length > 0 && <RecoveryCodesPanel />}
      </CardContent>
      {enrolling && (
        <React.Suspense fallback={<p role="status">Loading...</p>}>
          <EnrolTotpDialog onClose={() => setEnrolling(false)} />
        </React.Suspense>
      )}
      {removing && <RemoveFactorDialog factorId={removing} onClose={() => setRemoving(null)} />}
    </Card>
  )
}
