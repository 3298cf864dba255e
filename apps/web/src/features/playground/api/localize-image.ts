import {
  type ImageCulturalizeResponse,
  imageCulturalizeResponseSchema,
  type ImageOutputFormat,
} from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"

import { nativ } from "@/lib/api-client"
import { useRefreshBalance } from "@/lib/auth/balance"

export type LocalizeImageInput = {
  file: File
  languageCode: string
  /** Text to draw instead of the image's own, culturalized first; empty keeps the image's text. */
  text: string
  format: ImageOutputFormat
}

/** POST /image/culturalize for one language, recorded as the dashboard's. */
export async function localizeImage({
  file,
  languageCode,
  text,
  format,
}: LocalizeImageInput): Promise<ImageCulturalizeResponse> {
  const trimmed = text.trim()
  const body = await nativ().culturalizeImage(file, {
    language_code: languageCode,
    output_format: format,
    tool: "dashboard",
    ...(trimmed ? { text: trimmed } : {}),
  })
  return imageCulturalizeResponseSchema.parse(body)
}

/** Localizes an image into one language, then refreshes the balance it was charged to. */
export function useLocalizeImage() {
  const queryClient = useQueryClient()
  const refreshBalance = useRefreshBalance()
  return useMutation({
    mutationFn: localizeImage,
    meta: { errorTitle: "Error localizing image" },
    onSuccess: () => {
      void queryClient.invalidateQueries({ refetchType: "none" })
      refreshBalance()
    },
  })
}
