import { AuthLayout } from "@/components/layout/auth-layout"
import { DeclineInvitation } from "@/features/auth/components/decline-invitation"

/** /decline-invitation — the invitation email's decline link (no sign-in). */
export function Component() {
  return (
    <AuthLayout>
      <DeclineInvitation />
    </AuthLayout>
  )
}
