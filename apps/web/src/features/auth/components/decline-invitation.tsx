import { CircleAlertIcon, CircleCheckIcon, MailXIcon } from "lucide-react"
import * as React from "react"
import { Link, useSearchParams } from "react-router"

import { Button } from "@/components/ui/button"
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card"
import { paths } from "@/config/paths"

import { useDeclineInvitation } from "../api/decline-invitation"

/**
 * The invitation email's decline link. Opening it declines nothing (mail scanners open links):
 * the invitee confirms with the button. The token can only decline; afterwards the address is
 * free, e.g. to sign up for its own account.
 */
export function DeclineInvitation() {
  const [params, setParams] = useSearchParams()
  // The token is a secret: kept in state, removed from the address.
  const [token] = React.useState(() => params.get("token"))
  React.useEffect(() => {
    if (params.has("token")) setParams({}, { replace: true })
  }, [params, setParams])
  const decline = useDeclineInvitation()

  if (decline.isSuccess) {
    const company = decline.data.company_name ?? "the company"
    return (
      <Outcome
        ok
        title="Invitation declined"
        text={`${decline.data.email} will not join ${company}. You can close this page, or sign up for your own Nativ account.`}
      />
    )
  }
  if (!token || decline.isError)
    return (
      <Outcome
        ok={false}
        title="Invitation no longer open"
        text={decline.error?.message ?? "This invitation link is invalid or has expired."}
      />
    )
  return (
    <Card className="text-center">
      <CardHeader className="justify-items-center gap-3">
        <MailXIcon className="size-12 text-muted-foreground" aria-hidden="true" />
        <CardTitle className="text-2xl">Decline invitation?</CardTitle>
        <CardDescription>
          You will not join the company that invited you, and its invitation link will stop working.
          Your email address stays free: you can still sign up for your own Nativ account.
        </CardDescription>
      </CardHeader>
      <CardFooter className="justify-center">
        <Button
          variant="destructive"
          disabled={decline.isPending}
          onClick={() => decline.mutate(token)}
        >
          {decline.isPending ? "Declining..." : "Decline invitation"}
        </Button>
      </CardFooter>
    </Card>
  )
}

function Outcome({ ok, title, text }: { ok: boolean; title: string; text: string }) {
  const Icon = ok ? CircleCheckIcon : CircleAlertIcon
  return (
    <Card className="text-center">
      <CardHeader className="justify-items-center gap-3">
        <Icon
          className={ok ? "size-12 text-green-600 dark:text-green-400" : "size-12 text-destructive"}
          aria-hidden="true"
        />
        <CardTitle className="text-2xl">{title}</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardFooter className="justify-center gap-2">
        <Button asChild variant="outline">
          <Link to={paths.auth}>Sign In</Link>
        </Button>
        <Button asChild>
          <Link to={paths.signup}>Sign Up</Link>
        </Button>
      </CardFooter>
    </Card>
  )
}
