import { OAUTH_SCOPE_DESCRIPTIONS, type OAuthScope } from "@nativ/contracts"
import * as React from "react"

import { Badge } from "@/components/ui/badge"
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip"

const SCOPE_LABELS: Record<OAuthScope, string> = {
  translate: "Translate",
  read: "Read",
  manage: "Manage",
  offline_access: "Stay connected",
}

/**
 * What an app may do, one badge per scope. The description is in the accessibility tree at all
 * times (a tooltip alone reaches neither screen readers reliably nor touch screens); the tooltip
 * shows it on hover and keyboard focus.
 */
export function ConnectedAppsScopes({ scopes }: { scopes: OAuthScope[] }) {
  const id = React.useId()
  return (
    <TooltipProvider>
      <ul aria-label="Permissions" className="flex flex-wrap gap-1.5">
        {scopes.map((scope) => (
          <li key={scope}>
            <Tooltip>
              <TooltipTrigger asChild>
                <Badge variant="secondary" tabIndex={0} aria-describedby={`${id}-${scope}`}>
                  {SCOPE_LABELS[scope]}
                </Badge>
              </TooltipTrigger>
              <TooltipContent className="max-w-64">
                {OAUTH_SCOPE_DESCRIPTIONS[scope]}
              </TooltipContent>
            </Tooltip>
            <span id={`${id}-${scope}`} className="sr-only">
              {OAUTH_SCOPE_DESCRIPTIONS[scope]}
            </span>
          </li>
        ))}
      </ul>
    </TooltipProvider>
  )
}
