import { AuthLayout } from "@/components/layout/auth-layout"
import { ResetPasswordFlow } from "@/features/auth/components/reset-password-flow"

/** /reset-password — landing of the password reset email. */
export function Component() {
  return (
    <AuthLayout>
      <ResetPasswordFlow />
    </AuthLayout>
  )
}
