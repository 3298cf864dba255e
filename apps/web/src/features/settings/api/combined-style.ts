import { combinedStyleSchema } from "@nativ/contracts"
import { queryOptions, useQuery } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import { styleKeys } from "./style-keys"

/** What every model call is told (GET /style-guide/combined); read only while it is shown. */
export function combinedStyleQuery(enabled: boolean) {
  return queryOptions({
    queryKey: styleKeys.combined(),
    queryFn: () => api.get("/style-guide/combined", combinedStyleSchema),
    enabled,
    meta: { errorTitle: "Error fetching the combined prompt" },
  })
}

export const useCombinedStyle = (enabled: boolean) => useQuery(combinedStyleQuery(enabled))
