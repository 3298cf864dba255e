import { type CreateApiKeyInput, createdApiKeySchema } from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import { apiKeyKeys } from "./api-key-keys"

/** POST /api-keys; the answer holds the full key, which the server never shows again. */
export const createApiKey = (input: CreateApiKeyInput) =>
  api.post("/api-keys", input, createdApiKeySchema)

export function useCreateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
    meta: { errorTitle: "Error creating API key" },
  })
}
