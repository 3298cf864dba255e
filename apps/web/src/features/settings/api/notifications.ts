import { notificationSettingsSchema } from "@nativ/contracts"
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { toast } from "sonner"

import { api } from "@/lib/api-client"

/** Shared with the dashboard's banner (features/dashboard/api/get-low-balance.ts). */
export const notificationKeys = { all: ["notifications"] as const }

/** The low-balance alert (GET /notifications): threshold, balance, and whether it is below. */
export function notificationSettingsQuery() {
  return queryOptions({
    queryKey: notificationKeys.all,
    queryFn: () => api.get("/notifications", notificationSettingsSchema),
    meta: { errorTitle: "Error fetching notification settings" },
  })
}

export const useNotificationSettings = () => useQuery(notificationSettingsQuery())

/** Sets the threshold in credits, or turns the alert off with null (owners and admins). */
export function useSaveLowBalanceThreshold() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (threshold: number | null) =>
      api.patch("/notifications", { low_balance_threshold: threshold }, notificationSettingsSchema),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.all, saved)
      toast.success("Success", {
        description:
          saved.low_balance_threshold === null
            ? "Low-balance alert turned off"
            : "Low-balance alert saved",
      })
    },
    meta: { errorTitle: "Error saving notification settings" },
  })
}
