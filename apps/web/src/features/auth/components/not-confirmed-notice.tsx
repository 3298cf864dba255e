import { Button } from "@/components/ui/button"

import { useResendConfirmation } from "../api/resend-confirmation"

/**
 * Beside the sign-in form when the password was right but the address is not confirmed yet:
 * what to do, and the confirmation email again (limited by the server).
 */
export function NotConfirmedNotice({ email }: { email: string }) {
  const resend = useResendConfirmation()
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-2 rounded-md border border-amber-500/40 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <p>
        Confirm your email address first: open the link we sent to {email}. No email? Send it again.
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={resend.isPending}
        onClick={() => resend.mutate(email)}
      >
        {resend.isPending ? "Sending..." : "Resend confirmation email"}
      </Button>
    </div>
  )
}
