import type { ApiKey } from "@nativ/contracts"
import { KeyRoundIcon } from "lucide-react"

import { Badge } from "@/components/ui/badge"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"

import { useCompany } from "@/hooks/use-company"
import { formatDateTime } from "@/lib/format"

import { useApiKeys } from "../api/get-api-keys"
import { RevokeApiKeyButton } from "./revoke-api-key-button"

/**
 * 'Your API Keys': loading, empty, or one row per key with its dates and a revoke button. Owners
 * and admins see every key of the company, each with its creator (docs/teams.md).
 */
export function ApiKeysList() {
  const keys = useApiKeys()
  const showCreator = useCompany().can("seeAllApiKeys")
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your API Keys</CardTitle>
        <CardDescription>
          Keys that can call the Nativ API on behalf of your account.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {keys.isPending ? (
          <p className="py-6 text-center text-sm text-muted-foreground">Loading API keys...</p>
        ) : !keys.data?.length ? (
          <div className="grid justify-items-center gap-1 py-8 text-center">
            <KeyRoundIcon className="mb-2 size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No API keys found</p>
            <p className="text-sm text-muted-foreground">
              Create your first API key to get started
            </p>
          </div>
        ) : (
          <ul className="divide-y rounded-md border">
            {keys.data.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} showCreator={showCreator} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function ApiKeyRow({ apiKey, showCreator }: { apiKey: ApiKey; showCreator: boolean }) {
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
          {showCreator && apiKey.created_by && (
            <div className="flex gap-1">
              <dt>Created by</dt> <dd className="break-all">{apiKey.created_by}</dd>
            </div>
          )}
        </dl>
      </div>
      <RevokeApiKeyButton apiKey={apiKey} />
    </li>
  )
}
