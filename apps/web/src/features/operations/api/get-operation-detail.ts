import { operationDetailSchema } from "@nativ/contracts"
import { queryOptions, useQuery } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import { operationKeys } from "./operation-keys"

/** One operation with its detail (GET /operations/{id}); nothing is fetched while `id` is null. */
export function operationDetailQuery(id: string | null) {
  return queryOptions({
    queryKey: operationKeys.detail(id ?? ""),
    queryFn: () => api.get(`/operations/${encodeURIComponent(id!)}`, operationDetailSchema),
    enabled: id !== null,
    meta: { errorTitle: "Error fetching the operation" },
  })
}

export const useOperationDetail = (id: string | null) => useQuery(operationDetailQuery(id))
