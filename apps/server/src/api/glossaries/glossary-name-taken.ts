import { glossaryNameTakenMessage } from "@nativ/contracts"

import { ApiError } from "../api-error"

/** Postgres (and PGlite) report a broken unique index with SQLSTATE 23505. */
const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505"

/**
 * Runs a write that may collide with glossaries_user_name_key and turns the collision into a 409
 * naming the name, so a race between two saves gets the same answer as a plain duplicate.
 */
export async function refuseTakenName<T>(name: string | undefined, write: () => Promise<T>) {
  try {
    return await write()
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error))
      throw new ApiError(409, "glossary_name_taken", glossaryNameTakenMessage(name))
    throw error
  }
}
