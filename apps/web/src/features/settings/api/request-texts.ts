import { requestTextsSettingSchema } from "@nativ/contracts"
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { toast } from "sonner"

import { api } from "@/lib/api-client"

const PATH = "/settings/request-texts"
const requestTextsKey = ["request-texts-setting"] as const

/** Whether the company keeps request texts for 30 days (Settings → General; off by default). */
export function requestTextsSettingQuery() {
  return queryOptions({
    queryKey: requestTextsKey,
    queryFn: () => api.get(PATH, requestTextsSettingSchema),
    meta: { errorTitle: "Error fetching the request texts setting" },
  })
}

export const useRequestTextsSetting = () => useQuery(requestTextsSettingQuery())

/** Turns keeping on or off (owners only; the server refuses others). */
export function useSaveRequestTextsSetting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (enabled: boolean) => api.patch(PATH, { enabled }, requestTextsSettingSchema),
    onSuccess: (saved) => {
      queryClient.setQueryData(requestTextsKey, saved)
      toast.success("Success", {
        description: saved.enabled
          ? `Request texts are kept for ${saved.days} days`
          : "Request texts are no longer kept",
      })
    },
    meta: { errorTitle: "Error saving the request texts setting" },
  })
}
