import { useSearchParams } from "react-router"

import { Card } from "@/components/ui/card"
import { ErrorState } from "@/components/ui/error-state"
import { ApiError } from "@/lib/api-client"

import { useApproveConsent, useConsentDetails, useDenyConsent } from "../api/consent-request"
import { ConnectMessage } from "./connect-message"
import { ConsentCard } from "./consent-card"

const isGone = (error: unknown) =>
  error instanceof ApiError && error.code === "interaction_not_found"

function Expired({ message }: { message?: string }) {
  return (
    <ConnectMessage kind="expired" title="This request has expired">
      {message ?? "Go back to the app and connect again."}
    </ConnectMessage>
  )
}

/** /connect: an app's authorization request (`?interaction=<uid>`), answered by this person. */
export function ConnectRequest() {
  const [params] = useSearchParams()
  const uid = params.get("interaction")
  if (!uid)
    return <Expired message="This link is incomplete. Go back to the app and connect again." />
  return <PendingRequest uid={uid} />
}

function PendingRequest({ uid }: { uid: string }) {
  const details = useConsentDetails(uid)
  const approve = useApproveConsent(uid)
  const deny = useDenyConsent(uid)

  if (details.isPending)
    return (
      <p role="status" className="text-center text-muted-foreground">
        Loading...
      </p>
    )
  if (details.isError)
    return isGone(details.error) ? (
      <Expired message={details.error.message} />
    ) : (
      <Card>
        <ErrorState
          title="This request could not be loaded."
          error={details.error}
          onRetry={() => void details.refetch()}
          retrying={details.isFetching}
        />
      </Card>
    )
  // A request answered in another tab, or expired while open: nothing here can be answered now.
  if (isGone(approve.error ?? deny.error))
    return <Expired message={(approve.error ?? deny.error)?.message} />

  const answering = (mutation: typeof approve) => mutation.isPending || mutation.isSuccess
  return (
    <ConsentCard
      details={details.data}
      busy={answering(approve) ? "approve" : answering(deny) ? "deny" : null}
      error={approve.error ?? deny.error}
      onApprove={(scopes) => {
        deny.reset()
        approve.mutate(scopes)
      }}
      onDeny={() => {
        approve.reset()
        deny.mutate([])
      }}
    />
  )
}
