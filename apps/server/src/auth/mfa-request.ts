import type { Context } from "hono"

import { AuthError } from "./errors"
import { isUuid } from "../db/uuid"

export const factorNotFound = () => new AuthError(404, "mfa_factor_not_found", "Factor not found")

/** The `{id}` of /factors/{id}…; anything but a UUID is no factor of ours. */
export function factorIdParam(c: Context): string {
  const id = c.req.param("id") ?? ""
  if (!isUuid(id)) throw factorNotFound()
  return id
}
