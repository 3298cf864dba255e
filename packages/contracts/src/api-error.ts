import { z } from "zod"

/**
 * The product API's one error envelope. `detail` repeats the message at the top level, where
 * Nativ's SDKs (nativ-node, nativ-python) look for it.
 */
export const apiErrorSchema = z
  .object({
    error: z.object({ code: z.string(), message: z.string() }),
    detail: z.string(),
  })
  .meta({
    example: {
      error: { code: "insufficient_credits", message: "Not enough credits: …" },
      detail: "Not enough credits: …",
    },
  })
export type ApiErrorBody = z.infer<typeof apiErrorSchema>
