/**
 * A failed product API call: the HTTP status and the API's own error code and message
 * (`{"error": {"code", "message"}}`). A response without that envelope (a proxy's error page)
 * keeps the status and says so.
 */
export class NativApiError extends Error {
  override readonly name = "NativApiError"

  constructor(
    readonly status: number,
    /** The API's code, e.g. `insufficient_credits`, `rate_limited`; undefined without an envelope. */
    readonly code: string | undefined,
    message: string,
  ) {
    super(message)
  }
}

type Envelope = { error?: { code?: unknown; message?: unknown } }

/** Reads the API's error envelope from a failed response. */
export async function errorFromResponse(response: Response): Promise<NativApiError> {
  const fallback = `HTTP error! status: ${response.status}`
  try {
    const body = (await response.clone().json()) as Envelope
    const { code, message } = body.error ?? {}
    if (typeof message === "string" && message)
      return new NativApiError(
        response.status,
        typeof code === "string" ? code : undefined,
        message,
      )
  } catch {
    // Not JSON: the status is all there is.
  }
  return new NativApiError(response.status, undefined, fallback)
}
