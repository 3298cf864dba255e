import * as React from "react"
import { useSearchParams } from "react-router"

import { Button } from "@/components/ui/button"

import { useApproveDevice, useDenyDevice, useLookupUserCode } from "../api/device-request"
import { ConnectMessage } from "./connect-message"
import { ConsentCard } from "./consent-card"
import { UserCodeForm } from "./user-code-form"

/**
 * /activate: the person types the code a device shows (pre-filled from `?user_code=`, RFC 8628's
 * verification_uri_complete, but still confirmed with Continue), sees the same consent as
 * /connect, and answers; the device's next poll then gets its tokens or access_denied.
 */
export function ActivateDevice() {
  const [params] = useSearchParams()
  const [code, setCode] = React.useState(() => params.get("user_code") ?? "")
  const lookup = useLookupUserCode()
  const approve = useApproveDevice()
  const deny = useDenyDevice()
  const app = lookup.data?.client.name ?? "the app"

  if (approve.isSuccess)
    return (
      <ConnectMessage kind="done" title={`${app} is connected`}>
        You can close this tab and return to {app}.
      </ConnectMessage>
    )
  if (deny.isSuccess)
    return (
      <ConnectMessage kind="denied" title="Access denied">
        {app} was not connected. You can close this tab.
      </ConnectMessage>
    )
  if (!lookup.data)
    return (
      <UserCodeForm
        code={code}
        onCodeChange={(typed) => {
          lookup.reset()
          setCode(typed)
        }}
        onSubmit={(userCode) => lookup.mutate(userCode)}
        pending={lookup.isPending}
        error={lookup.error}
      />
    )

  const userCode = lookup.variables ?? code
  return (
    <ConsentCard
      details={lookup.data}
      busy={approve.isPending ? "approve" : deny.isPending ? "deny" : null}
      error={approve.error ?? deny.error}
      onApprove={(scopes) => {
        deny.reset()
        approve.mutate({ userCode, scopes })
      }}
      onDeny={() => {
        approve.reset()
        deny.mutate(userCode)
      }}
    >
      <Button
        type="button"
        variant="link"
        disabled={approve.isPending || deny.isPending}
        onClick={() => {
          approve.reset()
          deny.reset()
          lookup.reset()
        }}
      >
        Use a different code
      </Button>
    </ConsentCard>
  )
}
