import { AuthLayout } from "@/components/layout/auth-layout"
import { MfaChallenge } from "@/features/auth/components/mfa-challenge"

/** /mfa — the sign-in's second step for accounts with an authenticator app. */
export function Component() {
  return (
    <AuthLayout>
      <MfaChallenge />
    </AuthLayout>
  )
}
