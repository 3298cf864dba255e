import { useMutation, useQueryClient } from "@tanstack/react-query"
import { toast } from "sonner"

import { api } from "@/lib/api-client"

import { apiKeyKeys } from "./api-key-keys"

/** DELETE /api-keys/{id}: the key stops working at once. */
export const revokeApiKey = (id: string) => api.delete(`/api-keys/${encodeURIComponent(id)}`)

export function useRevokeApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => {
      toast.success("API key revoked")
      return queryClient.invalidateQueries({ queryKey: apiKeyKeys.all })
    },
    meta: { errorTitle: "Error revoking API key" },
  })
}
