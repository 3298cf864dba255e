import { LoaderCircleIcon } from "lucide-react"
import * as React from "react"
import { useLocation, useNavigate } from "react-router"

import { Card, CardTitle } from "@/components/ui/card"
import { paths } from "@/config/paths"
import { showError, UserFacingError } from "@/lib/errors"

import { invalidInvitation, useOpenInvitation } from "../api/invitation"
import { useAuth } from "@/lib/auth/auth-provider"
import { readAuthLinkError, readAuthTokens } from "../lib/auth-tokens"
import { InvitationSummary } from "./invitation-summary"
import { PasswordSetCard, SetPasswordForm } from "./set-password-form"

/**
 * The invitation landing: opens the session from the link's tokens ('Verifying Invitation'), then
 * asks for the new password, then offers 'Log in to Dashboard'. Without tokens an existing
 * session is enough; otherwise the visitor is sent to /auth with the catalogue's toast.
 */
export function SetPasswordFlow() {
  const location = useLocation()
  const navigate = useNavigate()
  const { loading, session } = useAuth()
  const [opened, setOpened] = React.useState(false)
  const [done, setDone] = React.useState(false)
  const [entry] = React.useState(() => ({
    tokens: readAuthTokens(location),
    linkError: readAuthLinkError(location),
  }))
  const started = React.useRef(false)
  const openInvitation = useOpenInvitation({
    onSuccess: () => {
      setOpened(true)
      // The tokens are secrets: keep them out of the history once the session is open.
      void navigate(paths.setPassword, { replace: true })
    },
  })
  const { mutate } = openInvitation

  React.useEffect(() => {
    if (started.current) return
    if (entry.tokens) {
      started.current = true
      mutate(entry.tokens, { onError: () => void navigate(paths.auth, { replace: true }) })
      return
    }
    if (entry.linkError) {
      started.current = true
      showError("Invalid invitation link", invalidInvitation())
      void navigate(paths.auth, { replace: true })
      return
    }
    if (loading || session) return
    started.current = true
    showError(
      "Invalid access",
      new UserFacingError("Invalid access", "You need a valid invitation to access this page."),
    )
    void navigate(paths.auth, { replace: true })
  }, [entry, loading, session, mutate, navigate])

  // With tokens, the form waits for their session; without, an existing session is enough.
  const ready = !loading && Boolean(session) && (opened || !entry.tokens)
  if (done) return <PasswordSetCard />
  if (!ready)
    return (
      <Card className="items-center py-10" role="status">
        <LoaderCircleIcon className="size-8 animate-spin text-primary" aria-hidden="true" />
        <CardTitle className="text-xl">Verifying Invitation</CardTitle>
      </Card>
    )
  return <SetPasswordForm onDone={() => setDone(true)} details={<InvitationSummary />} />
}
