import { AuthLayout } from "@/components/layout/auth-layout"
import { EmailConfirmed } from "@/features/auth/components/email-confirmed"

/** /email-confirmed — landing of the sign-up confirmation email. */
export function Component() {
  return (
    <AuthLayout>
      <EmailConfirmed />
    </AuthLayout>
  )
}
