import { glossarySchema } from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import type { GlossaryInput } from "../lib/glossary-form"
import { glossaryKeys } from "./glossary-keys"

/** POST /glossaries: 201 with the stored glossary; a refused entry is named by its row. */
export const createGlossary = (input: GlossaryInput) =>
  api.post("/glossaries", input, glossarySchema)

export function useCreateGlossary() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createGlossary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: glossaryKeys.all }),
    meta: { errorTitle: "Error creating glossary" },
  })
}
