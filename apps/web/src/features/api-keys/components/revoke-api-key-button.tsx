import type { ApiKey } from "@nativ/contracts"
import { Trash2Icon } from "lucide-react"

import { ConfirmDestructive } from "@/components/ui/confirm-destructive"

import { useRevokeApiKey } from "../api/revoke-api-key"

/** Revoking is permanent, so it asks first. */
export function RevokeApiKeyButton({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey()
  return (
    <ConfirmDestructive
      label={`Revoke ${apiKey.name}`}
      icon={<Trash2Icon aria-hidden="true" />}
      title="Revoke API key?"
      description={
        <>
          &quot;{apiKey.name}&quot; ({apiKey.key_preview}) will stop working immediately and
          requests using it will be refused. This cannot be undone.
        </>
      }
      action="Revoke"
      busy={revoke.isPending}
      onConfirm={() => revoke.mutate(apiKey.id)}
    />
  )
}
