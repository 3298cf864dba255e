import { z } from "zod"

/** The product API's one error envelope. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
})
export type ApiErrorBody = z.infer<typeof apiErrorSchema>
