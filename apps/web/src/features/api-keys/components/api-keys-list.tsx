import { KeyRoundIcon } from "lucide-react"

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { ErrorState } from "@/components/ui/error-state"

import { useCompany } from "@/hooks/use-company"

import { useApiKeys } from "../api/get-api-keys"
import { ApiKeyRow } from "./api-key-row"

/**
 * 'Your API Keys': loading, empty, or one row per key with its dates, this month's credits and its
 * actions. Owners and admins see every key of the company, each with its creator (docs/teams.md).
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
        ) : keys.isError ? (
          <ErrorState
            title="The API keys could not be loaded."
            error={keys.error}
            onRetry={() => void keys.refetch()}
            retrying={keys.isFetching}
          />
        ) : !keys.data.length ? (
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
