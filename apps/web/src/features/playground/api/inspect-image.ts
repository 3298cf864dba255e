import { type ImageInspectResponse, imageInspectResponseSchema } from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"

import { ApiError, nativ } from "@/lib/api-client"
import { useRefreshBalance } from "@/lib/auth/balance"
import { showError } from "@/lib/errors"

export type InspectImageInput = { file: File; countries: string }

/** POST /image/inspect for the comma-separated `countries` (none: the server's default list). */
export async function inspectImage({
  file,
  countries,
}: InspectImageInput): Promise<ImageInspectResponse> {
  const list = countries
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean)
    .join(",")
  return imageInspectResponseSchema.parse(
    await nativ().inspectImage(file, list ? { countries: list } : {}),
  )
}

/** The server has no vision model: inspection cannot run there at all, and nothing was charged. */
export const isVisionModelRequired = (error: unknown) =>
  error instanceof ApiError && error.code === "vision_model_required"

/**
 * Inspects an image, then refreshes the balance. A server without a vision model is a state the
 * panel shows, not a failure: it gets no error toast.
 */
export function useInspectImage() {
  const queryClient = useQueryClient()
  const refreshBalance = useRefreshBalance()
  return useMutation({
    mutationFn: inspectImage,
    onError: (error) => {
      if (!isVisionModelRequired(error)) showError("Error inspecting image", error)
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ refetchType: "none" })
      refreshBalance()
    },
  })
}
