import pino from "pino"

/**
 * Structured JSON logs. Anything that may hold a secret is redacted by path; request logs carry
 * the path without its query string, because email links put tokens there.
 */
export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "access_token",
        "*.access_token",
        "refresh_token",
        "*.refresh_token",
        "authorization",
        "*.authorization",
        "headers.authorization",
        "headers.apikey",
        "apikey",
        "key",
        "*.key",
        "secret",
        "*.secret",
      ],
      censor: "[redacted]",
    },
  })
}

export type Logger = pino.Logger
