import { type ExtractTextResponse, extractTextResponseSchema } from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"

import { nativ } from "@/lib/api-client"
import { useRefreshBalance } from "@/lib/auth/balance"

/** POST /text/extract: the text the server reads in `file` (charged once it has been read). */
export async function extractText(file: File): Promise<ExtractTextResponse> {
  return extractTextResponseSchema.parse(await nativ().extractText(file))
}

/** Reads an image's text, then refreshes the balance it was charged to. */
export function useExtractText() {
  const queryClient = useQueryClient()
  const refreshBalance = useRefreshBalance()
  return useMutation({
    mutationFn: extractText,
    meta: { errorTitle: "Error extracting text" },
    onSuccess: () => {
      void queryClient.invalidateQueries({ refetchType: "none" })
      refreshBalance()
    },
  })
}
