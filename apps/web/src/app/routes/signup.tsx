import { AuthLayout } from "@/components/layout/auth-layout"
import { RedirectIfSignedIn } from "@/features/auth/components/require-session"
import { SignUpForm } from "@/features/auth/components/sign-up-form"

/** /signup — Create Account; signed-in visitors go to /. */
export function Component() {
  return (
    <RedirectIfSignedIn>
      <AuthLayout>
        <SignUpForm />
      </AuthLayout>
    </RedirectIfSignedIn>
  )
}
