import type { AuthError, User } from "@supabase/supabase-js"

import { UserFacingError } from "@/lib/errors"

type SignUpResult = { data: { user: User | null }; error: AuthError | null }

/**
 * Reads a sign-up response as the spec's section 4 says: an empty identity list means the email
 * is already registered, a non-empty one means created with confirmation pending. Anything else
 * throws the error the catalogue names (shown under 'Error creating account' unless it carries
 * its own title).
 */
export function readSignUpResult({ data, error }: SignUpResult): User {
  if (error) {
    if (error.message.includes("Account already exists"))
      throw new UserFacingError(
        "Account already exists",
        "An account with this email already exists. Please sign in instead.",
      )
    throw error
  }
  const user = data.user
  if (!user)
    throw new UserFacingError(
      "Something went wrong",
      "Please try again or contact support if the problem persists.",
    )
  if (user.identities && user.identities.length === 0)
    throw new Error("Email already registered. Please log in instead.")
  if (user.identities && user.identities.length > 0) return user
  throw new Error("Failed to create account. Please try again.")
}
