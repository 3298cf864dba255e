import { NativApiError } from "@nativ/client"

/**
 * What went wrong, in the terms a plugin's panel shows: each kind has its own action (Buy Credits,
 * Connect again, wait, check the connection). Every failure of the core is one of these.
 */
export type PluginErrorKind =
  | "insufficient_credits"
  | "connection_revoked"
  | "rate_limited"
  | "network"
  | "cancelled"
  | "request"

export class PluginError extends Error {
  override readonly name: string = "PluginError"

  constructor(
    readonly kind: PluginErrorKind,
    message: string,
    /** The HTTP status, when the server answered. */
    readonly status?: number,
    /** The API's error code (`insufficient_credits`, `invalid_request`, …), when it sent one. */
    readonly code?: string,
  ) {
    super(message)
  }
}

/** 402: the balance does not cover the request; nothing was charged. */
export class InsufficientCreditsError extends PluginError {
  override readonly name = "InsufficientCreditsError"

  constructor(
    message: string,
    /** Credits the refused request would have cost, as the server named them. */
    readonly cost: number | null,
    /** The balance the server named. */
    readonly balance: number | null,
  ) {
    super("insufficient_credits", message, 402, "insufficient_credits")
  }
}

/** 401: the connection was revoked or the API key no longer works; the person connects again. */
export class ConnectionRevokedError extends PluginError {
  override readonly name = "ConnectionRevokedError"

  constructor(message = "Your connection to Nativ has ended. Connect again to continue.") {
    super("connection_revoked", message, 401)
  }
}

/** The person pressed Cancel; work already finished (and charged) stays done. */
export class CancelledError extends PluginError {
  override readonly name = "CancelledError"

  constructor() {
    super("cancelled", "Cancelled")
  }
}

const number = (text: string | undefined) =>
  text === undefined ? null : Number(text.replaceAll(",", ""))

/**
 * The server's 402 message names the cost and the balance ("… costs 1,234 credits and your
 * balance is 56 …"); read them so the panel can show them beside Buy Credits.
 */
export function creditsFromMessage(message: string) {
  const cost = /costs ([\d,]+) credits?/.exec(message)?.[1]
  const balance = /balance is ([\d,]+)/.exec(message)?.[1]
  return { cost: number(cost), balance: number(balance) }
}

/** Any failure of a call to the server, as the one typed error the plugins handle. */
export function toPluginError(error: unknown, serverUrl: string): PluginError {
  if (error instanceof PluginError) return error
  if (error instanceof NativApiError) {
    if (error.status === 402) {
      const { cost, balance } = creditsFromMessage(error.message)
      return new InsufficientCreditsError(error.message, cost, balance)
    }
    if (error.status === 401) return new ConnectionRevokedError()
    if (error.status === 429) return new PluginError("rate_limited", error.message, 429, error.code)
    return new PluginError("request", error.message, error.status, error.code)
  }
  if (error instanceof Error && error.name === "AbortError") return new CancelledError()
  return new PluginError(
    "network",
    `Could not reach Nativ at ${serverUrl}. Check your connection and try again.`,
  )
}
