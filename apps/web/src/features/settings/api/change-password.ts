import { useMutation, type UseMutationOptions } from "@tanstack/react-query"

import { UserFacingError } from "@/lib/errors"
import { loadSupabase } from "@/lib/supabase"

export type ChangePasswordInput = { currentPassword: string; password: string }

/**
 * PUT /user with the new password and the current one, which the server checks. A wrong current
 * password gets a plain sentence; other refusals (e.g. same_password) keep the server's message.
 */
export async function changePassword({ currentPassword, password }: ChangePasswordInput) {
  const client = await loadSupabase()
  const { error } = await client.auth.updateUser({ password, current_password: currentPassword })
  if (error?.code === "current_password_invalid" || error?.code === "invalid_credentials")
    throw new UserFacingError(
      "Current password is incorrect",
      "The current password you entered is not correct. Please try again.",
    )
  if (error) throw error
}

/** Success callbacks go here, not to mutate(): they must run even when the screen has unmounted. */
export const useChangePassword = (
  options: Pick<UseMutationOptions<void, Error, ChangePasswordInput>, "onSuccess"> = {},
) =>
  useMutation({
    ...options,
    mutationFn: changePassword,
    meta: { errorTitle: "Error changing password" },
  })
