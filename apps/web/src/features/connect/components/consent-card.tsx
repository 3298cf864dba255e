import type { ConsentDetails, OAuthScope } from "@nativ/contracts"
import { ExternalLinkIcon, PlugZapIcon } from "lucide-react"
import * as React from "react"

import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card"
import { ROLE_LABELS } from "@/hooks/use-company"
import { errorMessage } from "@/lib/errors"

import { approvalBlocker, initialChoice } from "../lib/consent-scopes"
import { ScopeList } from "./scope-list"

/** The app's home page as a link, when it is a web address (never a script). */
function homePage(uri: string | null): URL | null {
  if (!uri) return null
  try {
    const url = new URL(uri)
    return url.protocol === "https:" || url.protocol === "http:" ? url : null
  } catch {
    return null
  }
}

/**
 * The question /connect and /activate put to the signed-in person: which app wants what of which
 * company, as whom. They may leave permissions out; Approve stays off until the app would be
 * allowed to do something. `busy` names the answer under way (or given, while the page moves on).
 */
export function ConsentCard({
  details,
  onApprove,
  onDeny,
  busy,
  error,
  children,
}: {
  details: ConsentDetails
  onApprove: (scopes: OAuthScope[]) => void
  onDeny: () => void
  busy: "approve" | "deny" | null
  /** The server's refusal of the last answer, shown in the card. */
  error?: unknown
  /** More actions under the buttons (e.g. "Use a different code"). */
  children?: React.ReactNode
}) {
  const [chosen, setChosen] = React.useState(() => initialChoice(details))
  const blocker = approvalBlocker(details, chosen)
  const hintId = React.useId()
  const home = homePage(details.client.uri)
  return (
    <Card>
      <CardHeader className="justify-items-center gap-3 text-center">
        <PlugZapIcon className="size-10 text-primary" aria-hidden="true" />
        <h1 className="text-xl leading-snug font-semibold break-words">
          {details.client.name} wants to access {details.company.name}
        </h1>
        {home && (
          <a
            href={home.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex max-w-full items-center gap-1 text-sm font-medium break-all text-primary underline-offset-4 hover:underline"
          >
            {home.host}
            <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
        <CardDescription className="break-words">
          Signed in as <span className="font-medium text-foreground">{details.member.email}</span> (
          {ROLE_LABELS[details.member.role]})
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {error !== undefined && error !== null && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive dark:text-red-400"
          >
            {errorMessage(error)}
          </p>
        )}
        <ScopeList
          details={details}
          chosen={chosen}
          onChange={setChosen}
          disabled={busy !== null}
        />
        {blocker && (
          <p id={hintId} className="text-sm text-muted-foreground" aria-live="polite">
            {blocker}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          className="w-full sm:w-auto"
          onClick={onDeny}
          disabled={busy !== null}
        >
          {busy === "deny" ? "Denying..." : "Deny"}
        </Button>
        <Button
          type="button"
          className="w-full sm:w-auto"
          onClick={() => onApprove(chosen)}
          disabled={busy !== null || blocker !== null}
          aria-describedby={blocker ? hintId : undefined}
        >
          {busy === "approve" ? "Approving..." : "Approve"}
        </Button>
      </CardFooter>
      <CardContent className="grid justify-items-center gap-2 text-center">
        <p className="text-xs text-muted-foreground">
          Approve only apps you trust. You can disconnect an app at any time in Settings.
        </p>
        {children}
      </CardContent>
    </Card>
  )
}
