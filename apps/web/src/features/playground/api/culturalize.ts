import {
  type CulturalizeRequestInput,
  type CulturalizeResponse,
  culturalizeResponseSchema,
} from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { z } from "zod"

import { nativ } from "@/lib/api-client"
import { useRefreshBalance } from "@/lib/auth/balance"

/** A culturalization as the page shows it: the answer and the text it was made from. */
export type PlaygroundResult = CulturalizeResponse & { source: string }

export const NO_TRANSLATED_TEXT = "No translated text received"

const withText = z.looseObject({ translated_text: z.unknown().optional() })

/**
 * POST /text/culturalize with an idempotency key (so the client's retry is never charged twice);
 * an answer without translated text is a failure of its own.
 */
export async function culturalize(input: CulturalizeRequestInput): Promise<CulturalizeResponse> {
  const body = withText.parse(await nativ().culturalize(input))
  if (typeof body.translated_text !== "string" || !body.translated_text)
    throw new Error(NO_TRANSLATED_TEXT)
  const response = culturalizeResponseSchema.parse(body)
  // The server answers with the language's standard English name; the Playground keeps the name
  // of the account's own entry, which the feedback card's Good rating finds the entry by.
  return input.language ? { ...response, language: input.language } : response
}

/**
 * Culturalizes and then refreshes the balance everywhere. Other cached lists (operations,
 * analytics) are only marked stale, so they are read again when next shown.
 */
export function useCulturalize() {
  const queryClient = useQueryClient()
  const refreshBalance = useRefreshBalance()
  return useMutation({
    mutationFn: culturalize,
    meta: { errorTitle: "Error culturalizing text" },
    onSuccess: () => {
      void queryClient.invalidateQueries({ refetchType: "none" })
      refreshBalance()
    },
  })
}
