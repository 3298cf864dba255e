import { type ConsentDetails, OAUTH_SCOPE_DESCRIPTIONS, type OAuthScope } from "@nativ/contracts"
import * as React from "react"

import { cn } from "@/lib/utils"

import { canGrant } from "../lib/consent-scopes"

/**
 * What the app asked for, one checkbox each, ticked unless left out. `manage` stays unticked and
 * disabled, with the reason, for a person who may not grant it.
 */
export function ScopeList({
  details,
  chosen,
  onChange,
  disabled,
}: {
  details: ConsentDetails
  chosen: OAuthScope[]
  onChange: (chosen: OAuthScope[]) => void
  disabled: boolean
}) {
  const id = React.useId()
  const toggle = (scope: OAuthScope, on: boolean) =>
    onChange(on ? [...chosen, scope] : chosen.filter((kept) => kept !== scope))
  return (
    <fieldset className="grid min-w-0 gap-3" disabled={disabled}>
      <legend className="mb-3 text-sm font-medium break-words">
        Allow {details.client.name} to:
      </legend>
      {details.scopes.map((scope) => {
        const allowed = canGrant(details, scope)
        return (
          <div key={scope} className="flex items-start gap-3">
            <input
              id={`${id}-${scope}`}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={allowed && chosen.includes(scope)}
              disabled={!allowed}
              onChange={(event) => toggle(scope, event.target.checked)}
              aria-describedby={allowed ? undefined : `${id}-${scope}-reason`}
            />
            <div className="grid min-w-0 gap-1">
              <label
                htmlFor={`${id}-${scope}`}
                className={cn("text-sm leading-snug", !allowed && "text-muted-foreground")}
              >
                {OAUTH_SCOPE_DESCRIPTIONS[scope]}
              </label>
              {!allowed && (
                <p id={`${id}-${scope}-reason`} className="text-xs text-muted-foreground">
                  Only owners and admins can allow this.
                </p>
              )}
            </div>
          </div>
        )
      })}
    </fieldset>
  )
}
