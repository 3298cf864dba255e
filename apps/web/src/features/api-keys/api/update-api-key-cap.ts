import { apiKeySchema } from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { toast } from "sonner"

import { api } from "@/lib/api-client"

import { apiKeyKeys } from "./api-key-keys"

type CapChange = { id: string; monthlyCreditCap: number | null }

/** PATCH /api-keys/{id}: a new monthly credit cap, or null for none; takes effect at once. */
export const updateApiKeyCap = ({ id, monthlyCreditCap }: CapChange) =>
  api.patch(
    `/api-keys/${encodeURIComponent(id)}`,
    { monthly_credit_cap: monthlyCreditCap },
    apiKeySchema,
  )

export function useUpdateApiKeyCap() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateApiKeyCap,
    onSuccess: (key) => {
      toast.success(key.monthly_credit_cap === null ? "Monthly cap removed" : "Monthly cap saved")
      return queryClient.invalidateQueries({ queryKey: apiKeyKeys.all })
    },
    meta: { errorTitle: "Error updating API key" },
  })
}
