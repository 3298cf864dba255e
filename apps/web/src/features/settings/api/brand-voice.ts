import { brandVoiceSchema } from "@nativ/contracts"
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"

import { toast } from "sonner"

import { api, nativ } from "@/lib/api-client"

import { styleKeys } from "./style-keys"

/** The brand voice (GET/PUT /style-guide/prompt): how the company sounds in every language. */
export function brandVoiceQuery() {
  return queryOptions({
    queryKey: styleKeys.brandVoice(),
    queryFn: () => api.get("/style-guide/prompt", brandVoiceSchema),
    meta: { errorTitle: "Error fetching brand voice" },
  })
}

export const useBrandVoice = () => useQuery(brandVoiceQuery())

/**
 * Saves the brand voice; null (or only spaces) removes it. The toast is said here: the form is
 * keyed by the saved text, so it is a new form by the time a caller's onSuccess would run.
 */
export function useSaveBrandVoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (prompt: string | null) => {
      const { data } = await nativ().PUT("/style-guide/prompt", { body: { prompt } })
      return brandVoiceSchema.parse(data)
    },
    onSuccess: ({ prompt }) =>
      toast.success("Success", {
        description: prompt ? "Brand voice saved" : "Brand voice cleared",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: styleKeys.all }),
    meta: { errorTitle: "Error saving brand voice" },
  })
}
