import { type ConnectedApp, connectedAppListSchema } from "@nativ/contracts"
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { toast } from "sonner"

import { api } from "@/lib/api-client"

/*
 * Apps connected through Connect (/api/v1/connected-apps): the whole company's for owners and
 * admins, a member's own for members. The server decides who sees what; failures go to the one
 * error sink.
 */
export const connectedAppKeys = {
  all: ["connected-apps"] as const,
  list: () => ["connected-apps", "list"] as const,
}

export function connectedAppsQuery() {
  return queryOptions({
    queryKey: connectedAppKeys.list(),
    queryFn: async () => (await api.get("/connected-apps", connectedAppListSchema)).connected_apps,
    meta: { errorTitle: "Error fetching connected apps" },
  })
}

export const useConnectedApps = () => useQuery(connectedAppsQuery())

/** DELETE /connected-apps/{id}: every token of that approval is refused from the next request. */
export function useDisconnectApp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (app: ConnectedApp) => api.delete(`/connected-apps/${encodeURIComponent(app.id)}`),
    onSuccess: (_result, app) => {
      toast.success("App disconnected", { description: `${app.name} no longer has access.` })
      return queryClient.invalidateQueries({ queryKey: connectedAppKeys.all })
    },
    meta: { errorTitle: "Error disconnecting app" },
  })
}
