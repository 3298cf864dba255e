import { AuthLayout } from "@/components/layout/auth-layout"
import { SetPasswordFlow } from "@/features/auth/components/set-password-flow"

/** /set-password — invitation landing. */
export function Component() {
  return (
    <AuthLayout>
      <SetPasswordFlow />
    </AuthLayout>
  )
}
