import { useMutation } from "@tanstack/react-query"
import { toast } from "sonner"

import { paths } from "@/config/paths"
import { loadSupabase } from "@/lib/supabase"

/** Mails the sign-up confirmation link again (the server limits how often, per address). */
export async function resendConfirmation(email: string) {
  const client = await loadSupabase()
  const { error } = await client.auth.resend({
    type: "signup",
    email,
    options: { emailRedirectTo: `${window.location.origin}${paths.emailConfirmed}` },
  })
  if (error) throw error
  return email
}

export const useResendConfirmation = () =>
  useMutation({
    mutationFn: resendConfirmation,
    onSuccess: (email) =>
      toast.success("Email sent", {
        description: `We sent the confirmation link to ${email} again.`,
      }),
    meta: { errorTitle: "Error sending email", errorFallback: "The email could not be sent." },
  })
