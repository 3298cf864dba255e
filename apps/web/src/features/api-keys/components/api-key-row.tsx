import type { ApiKey } from "@nativ/contracts"

import { Badge } from "@/components/ui/badge"
import { formatCredits, formatDateTime, plural } from "@/lib/format"

import { EditCapDialog } from "./edit-cap-dialog"
import { RevokeApiKeyButton } from "./revoke-api-key-button"

/** "120 credits", or "120 of 5,000 credits" for a capped key. */
export function monthUsage({ credits_used_this_month: used, monthly_credit_cap: cap }: ApiKey) {
  return cap === null
    ? `${formatCredits(used)} ${plural(used, "credit")}`
    : `${formatCredits(used)} of ${formatCredits(cap)} ${plural(cap, "credit")}`
}

const capReached = (key: ApiKey) =>
  key.monthly_credit_cap !== null && key.credits_used_this_month >= key.monthly_credit_cap

/** One key: name and state, preview, dates, this month's credits; edit its cap or revoke it. */
export function ApiKeyRow({ apiKey, showCreator }: { apiKey: ApiKey; showCreator: boolean }) {
  const reached = capReached(apiKey)
  return (
    <li className="flex items-start gap-3 p-4" aria-label={apiKey.name}>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{apiKey.name}</span>
          {apiKey.is_active ? (
            <Badge className="bg-green-700 text-white">Active</Badge>
          ) : (
            <Badge variant="secondary">Expired</Badge>
          )}
          {reached && (
            <Badge className="bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
              Cap reached
            </Badge>
          )}
        </div>
        <code className="w-fit rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
          {apiKey.key_preview}
        </code>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div className="flex gap-1">
            <dt>Created</dt>
            <dd>{formatDateTime(apiKey.created_at)}</dd>
          </div>
          {apiKey.expiry_date && (
            <div className="flex gap-1">
              <dt>Expires</dt>
              <dd>{formatDateTime(apiKey.expiry_date)}</dd>
            </div>
          )}
          <div className="flex gap-1">
            <dt>Last used</dt>
            <dd>{apiKey.last_used_at ? formatDateTime(apiKey.last_used_at) : "Never"}</dd>
          </div>
          <div className="flex gap-1">
            <dt>This month</dt>
            <dd className={reached ? "font-medium text-amber-800 dark:text-amber-300" : undefined}>
              {monthUsage(apiKey)}
            </dd>
          </div>
          {showCreator && apiKey.created_by && (
            <div className="flex gap-1">
              <dt>Created by</dt> <dd className="break-all">{apiKey.created_by}</dd>
            </div>
          )}
        </dl>
      </div>
      <div className="flex shrink-0 items-center">
        <EditCapDialog apiKey={apiKey} />
        <RevokeApiKeyButton apiKey={apiKey} />
      </div>
    </li>
  )
}
