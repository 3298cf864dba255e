import { toast } from "sonner"

/**
 * An error whose toast is already decided: its own title and description. Thrown where a flow
 * maps a result to one of the spec's catalogue entries (e.g. "Account already exists").
 */
export class UserFacingError extends Error {
  constructor(
    readonly title: string,
    description: string,
  ) {
    super(description)
    this.name = "UserFacingError"
  }
}

/** The message a person sees for any thrown value, or `fallback` when it carries none. */
export function errorMessage(error: unknown, fallback = "Something went wrong"): string {
  if (error instanceof Error && error.message) return error.message
  if (typeof error === "string" && error) return error
  if (error && typeof error === "object" && "message" in error) {
    const message = (error as { message: unknown }).message
    if (typeof message === "string" && message) return message
  }
  return fallback
}

/**
 * The one error sink: logs the failure and shows a destructive toast. A UserFacingError keeps its
 * own title and text; anything else is shown under `title` with its message (or `fallback`).
 */
export function showError(title: string, error: unknown, fallback?: string) {
  if (error instanceof UserFacingError) {
    console.error(`${error.title}: ${error.message}`)
    toast.error(error.title, { description: error.message })
    return
  }
  console.error(`${title}:`, error)
  toast.error(title, { description: errorMessage(error, fallback) })
}
