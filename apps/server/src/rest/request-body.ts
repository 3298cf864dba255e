import { findUnstorable, unstorableMessage } from "@nativ/contracts"

import { RestError } from "./errors"

export const MAX_BODY_BYTES = 1_000_000

/** The body as text, refused past MAX_BODY_BYTES (bodyLimit stops larger uploads earlier). */
export async function readBody(body: () => Promise<string>): Promise<string> {
  const text = await body()
  if (Buffer.byteLength(text) > MAX_BODY_BYTES)
    throw new RestError(413, "PGRST413", `The request body is larger than ${MAX_BODY_BYTES} bytes`)
  return text
}

/** The body parsed as JSON that Postgres can store. */
export async function jsonBody(body: () => Promise<string>): Promise<unknown> {
  return storable(parseJson(await readBody(body)))
}

/**
 * The parsed body, refused as PostgreSQL would refuse it (22P05) when it holds text no column can
 * store, and as invalid JSON when it nests deeper than any row needs: both would otherwise fail
 * deep inside serialization or the database instead of as a clear 400.
 */
export function storable(value: unknown): unknown {
  const found = findUnstorable(value)
  if (!found) return value
  if (found.problem === "depth")
    throw new RestError(400, "PGRST102", "Empty or invalid json", unstorableMessage(found))
  throw new RestError(400, "22P05", "unsupported Unicode escape sequence", unstorableMessage(found))
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new RestError(
      400,
      "PGRST102",
      "Empty or invalid json",
      error instanceof Error ? error.message : null,
    )
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}
