import type { ConnectedApp } from "@nativ/contracts"

import { formatDateTime } from "@/lib/format"

import { ConnectedAppsDisconnect } from "./connected-apps-disconnect"
import { ConnectedAppsScopes } from "./connected-apps-scopes"

/** Who approved the app, as a sentence fragment; "you" for the signed-in person's own. */
function approverText(app: ConnectedApp, myEmail: string | undefined) {
  const email = app.approved_by?.email
  if (!email) return "someone no longer in the company"
  return myEmail && email.toLowerCase() === myEmail.toLowerCase() ? `you (${email})` : email
}

/** One approval: the app, who approved it, what it may do, when, and Disconnect. */
export function ConnectedAppsRow({ app, myEmail }: { app: ConnectedApp; myEmail?: string }) {
  const approver = approverText(app, myEmail)
  return (
    <li aria-label={app.name} className="flex min-w-0 flex-wrap items-start gap-x-4 gap-y-3 p-4">
      <div className="grid min-w-0 flex-1 basis-64 gap-2">
        <div className="grid gap-0.5">
          <h3 className="font-medium break-words">{app.name}</h3>
          <p className="text-sm wrap-anywhere text-muted-foreground">Approved by {approver}</p>
        </div>
        <ConnectedAppsScopes scopes={app.scopes} />
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div className="flex gap-1">
            <dt>Approved</dt>
            <dd>{formatDateTime(app.approved_at)}</dd>
          </div>
          <div className="flex gap-1">
            {/* "Last used Never used" would read oddly, so the label is only for screen readers then. */}
            <dt className={app.last_used_at ? undefined : "sr-only"}>Last used</dt>
            <dd>{app.last_used_at ? formatDateTime(app.last_used_at) : "Never used"}</dd>
          </div>
        </dl>
      </div>
      <ConnectedAppsDisconnect app={app} approver={approver} />
    </li>
  )
}
