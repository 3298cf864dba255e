/**
 * What can go wrong while culturalizing. Each error carries a public `code` and a `message` fit to
 * show a user, plus the HTTP status the API should answer with; the provider's own error (which may
 * mention request details) stays in `cause`, for logs only.
 */
export abstract class EngineError extends Error {
  abstract readonly code: string
  abstract readonly httpStatus: number
}

/** The provider failed, refused the request or could not be reached. */
export class EngineProviderError extends EngineError {
  override name = "EngineProviderError"
  readonly code = "engine_failed"
  readonly httpStatus = 502
  /** The provider's HTTP status, when it answered. */
  readonly providerStatus: number | undefined
  /** Worth trying again (rate limit, server error, connection problem). */
  readonly retryable: boolean
  /** How long the provider asked us to wait before retrying. */
  readonly retryAfterMs: number | undefined

  constructor(
    message: string,
    options: {
      providerStatus?: number
      retryable?: boolean
      retryAfterMs?: number
      cause?: unknown
    } = {},
  ) {
    super(message, { cause: options.cause })
    this.providerStatus = options.providerStatus
    this.retryable = options.retryable ?? false
    this.retryAfterMs = options.retryAfterMs
  }
}

/** The provider did not answer within ENGINE_TIMEOUT_MS (or the caller's deadline). */
export class EngineTimeoutError extends EngineError {
  override name = "EngineTimeoutError"
  readonly code = "engine_timeout"
  readonly httpStatus = 504
}

/** The provider answered, but the answer broke placeholders or markup even after one retry. */
export class EngineOutputError extends EngineError {
  override name = "EngineOutputError"
  readonly code = "engine_invalid_output"
  readonly httpStatus = 502

  constructor(
    message: string,
    readonly problems: string[],
  ) {
    super(message)
  }
}

/** The result does not fit the requested max_characters, even after one correction. */
export class EngineLengthError extends EngineError {
  override name = "EngineLengthError"
  readonly code = "max_characters_exceeded"
  readonly httpStatus = 422

  constructor(
    readonly length: number,
    readonly maxCharacters: number,
  ) {
    super(
      `The result is ${length.toLocaleString("en-US")} characters long and does not fit max_characters (${maxCharacters.toLocaleString("en-US")}). Nothing was charged: allow more characters or shorten the text.`,
    )
  }
}

/** The caller gave up (its AbortSignal fired), e.g. because the client disconnected. */
export class EngineAbortedError extends EngineError {
  override name = "EngineAbortedError"
  readonly code = "engine_aborted"
  /** nginx's "client closed request"; nobody is left to read the response. */
  readonly httpStatus = 499
}

/** The engine configuration is incomplete; thrown by createEngine at start-up. */
export class EngineConfigError extends Error {
  override name = "EngineConfigError"
}
