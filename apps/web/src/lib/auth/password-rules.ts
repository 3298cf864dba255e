import { UserFacingError } from "@/lib/errors"

export const MIN_PASSWORD_LENGTH = 6

/** The set-password checks, in the spec's order; null when the entries are acceptable. */
export function newPasswordProblem(password: string, confirmation: string): UserFacingError | null {
  if (password !== confirmation)
    return new UserFacingError("Password mismatch", "Passwords do not match. Please try again.")
  if (password.length < MIN_PASSWORD_LENGTH)
    return new UserFacingError(
      "Password too short",
      `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
    )
  return null
}
