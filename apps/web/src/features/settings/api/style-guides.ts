import {
  type StyleGuide,
  styleGuideListSchema,
  styleGuideSchema,
  type StyleGuideUpdate,
} from "@nativ/contracts"
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"

import { toast } from "sonner"

import { api, nativ } from "@/lib/api-client"

import { styleKeys } from "./style-keys"

/*
 * The company's style guides (GET/POST /style-guide, PUT/DELETE /style-guide/{id}). Owners and
 * admins change them; every change reads the guides and the combined prompt again.
 */
export function styleGuidesQuery() {
  return queryOptions({
    queryKey: styleKeys.guides(),
    queryFn: async () => (await api.get("/style-guide", styleGuideListSchema)).guides,
    meta: { errorTitle: "Error fetching style guides" },
  })
}

export const useStyleGuides = () => useQuery(styleGuidesQuery())

async function updateGuide({ id, change }: { id: string; change: StyleGuideUpdate }) {
  const { data } = await nativ().PUT("/style-guide/{id}", {
    params: { path: { id } },
    body: change,
  })
  return styleGuideSchema.parse(data)
}

/** The guides in their new order, written as display_order 0, 1, 2 … where it changed. */
async function reorderGuides(ordered: StyleGuide[]) {
  for (const [index, guide] of ordered.entries())
    if (guide.display_order !== index)
      await updateGuide({ id: guide.id, change: { display_order: index } })
}

function useStyleMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  errorTitle: string,
  /** Toasted here, not by the caller: a deleted guide's row is gone before mutate() returns. */
  success?: string,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => {
      if (success) toast.success("Success", { description: success })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: styleKeys.all }),
    meta: { errorTitle },
  })
}

export const useCreateStyleGuide = () =>
  useStyleMutation(
    (guide: { title: string; content: string }) =>
      api.post("/style-guide", { ...guide, is_enabled: true }, styleGuideSchema),
    "Error adding style guide",
  )

export const useUpdateStyleGuide = () => useStyleMutation(updateGuide, "Error updating style guide")

export const useReorderStyleGuides = () =>
  useStyleMutation(reorderGuides, "Error reordering style guides")

export const useDeleteStyleGuide = () =>
  useStyleMutation(
    (guide: StyleGuide) => api.delete(`/style-guide/${encodeURIComponent(guide.id)}`),
    "Error deleting style guide",
    "Style guide deleted",
  )
