import { NativApiError } from "@nativ/client"

/** The exit codes scripts and CI rely on. */
export const EXIT = {
  ok: 0,
  /** A problem in the files (a check failed, a file could not be read or written), or any other failure. */
  failure: 1,
  /** The command line is wrong. */
  usage: 2,
  /** Not signed in, a bad key, an expired or revoked sign-in, or a permission the sign-in lacks. */
  auth: 3,
  /** The balance (or the key's monthly cap) cannot cover the work. */
  credits: 4,
} as const

export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/** A failure the CLI explains in one line and ends with `exitCode`. */
export class CliError extends Error {
  override readonly name = "CliError"

  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failure,
  ) {
    super(message)
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage)

/** The exit code and message for anything a command threw. */
export function describeFailure(error: unknown): { exitCode: ExitCode; message: string } {
  if (error instanceof CliError) return { exitCode: error.exitCode, message: error.message }
  if (error instanceof NativApiError) {
    if (error.status === 401)
      return {
        exitCode: EXIT.auth,
        message: `${error.message} Run \`nativ login\`, or set NATIV_API_KEY to a key from the dashboard's API Keys page.`,
      }
    if (error.status === 403) return { exitCode: EXIT.auth, message: error.message }
    if (error.status === 402) return { exitCode: EXIT.credits, message: error.message }
    if (error.status === 400 || error.status === 422 || error.status === 413)
      return { exitCode: EXIT.failure, message: error.message }
    return {
      exitCode: EXIT.failure,
      message: `The server answered ${error.status}: ${error.message}`,
    }
  }
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    const cause = (error as { cause?: { message?: string } }).cause?.message
    return {
      exitCode: EXIT.failure,
      message: `Could not reach the Nativ server${cause ? ` (${cause})` : ""}. Check --api-url or NATIV_API_URL.`,
    }
  }
  return { exitCode: EXIT.failure, message: error instanceof Error ? error.message : String(error) }
}
