import { AuthLayout } from "@/components/layout/auth-layout"
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form"

/** /forgot-password — asks for a password reset link. */
export function Component() {
  return (
    <AuthLayout>
      <ForgotPasswordForm />
    </AuthLayout>
  )
}
