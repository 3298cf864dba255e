import { z } from "@hono/zod-openapi"
import { apiErrorSchema } from "@nativ/contracts"

/** Pieces every /api/v1 route declaration uses, so each route file says only what is its own. */

export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: apiErrorSchema } },
})

export const jsonResponse = <S extends z.ZodType>(description: string, schema: S) => ({
  description,
  content: { "application/json": { schema } },
})

export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { "application/json": { schema } },
})

/** `{id}` in a path; a value that is not one of the company's ids is a 404, decided by the repo. */
export const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) })
