/**
 * Telling "the database cannot answer right now" apart from "this request is wrong". Every
 * protocol answers the first with 503 and a message fit for a user, so a PostgreSQL restart,
 * failover or `pg_terminate_backend` costs the requests in flight an error, never the process.
 */

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is temporarily unavailable. Please try again in a moment."

/** Seconds a client should wait before retrying (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 1

// SQLSTATEs: 08 connection exception, 53 insufficient resources, 57P01-57P05 shutdown and
// idle-session ends, 57014 our statement_timeout, 55P03 our lock_timeout.
const UNAVAILABLE_STATES = /^(08...|53...|57P0[1-5]|57014|55P03)$/

// node-postgres and PGlite raise these as plain Errors, without a SQLSTATE.
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "not queryable",
  "timeout exceeded when trying to connect",
  "is not currently accepting connections",
  "the database system is",
  "PGlite is closed",
  "Client was closed",
  "Cannot use a pool after calling end on the pool",
  "driver has already been destroyed",
]

const UNAVAILABLE_NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
])

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === "string") {
    if (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_NETWORK_CODES.has(code)) return true
  }
  if (UNAVAILABLE_MESSAGES.some((text) => error.message.includes(text))) return true
  // Kysely and pg-pool sometimes wrap the connection error.
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause)
}
