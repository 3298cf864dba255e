import { AuthLayout } from "@/components/layout/auth-layout"
import { RequireSession } from "@/features/auth/components/require-session"
import { ConnectRequest } from "@/features/connect/components/connect-request"

/** /connect — an app asks to act for the company; signed-out visitors sign in and come back. */
export function Component() {
  return (
    <RequireSession comeBackAfterCode>
      <AuthLayout>
        <ConnectRequest />
      </AuthLayout>
    </RequireSession>
  )
}
