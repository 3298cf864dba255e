import { AuthLayout } from "@/components/layout/auth-layout"
import { RequireSession } from "@/features/auth/components/require-session"
import { ActivateDevice } from "@/features/connect/components/activate-device"

/** /activate — the code a device shows, then the same consent as /connect. */
export function Component() {
  return (
    <RequireSession comeBackAfterCode>
      <AuthLayout>
        <ActivateDevice />
      </AuthLayout>
    </RequireSession>
  )
}
