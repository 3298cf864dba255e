import { AuthLayout } from "@/components/layout/auth-layout"
import { RedirectIfSignedIn } from "@/features/auth/components/require-session"
import { SignInForm } from "@/features/auth/components/sign-in-form"

/** /auth — sign-in; signed-in visitors go to /. */
export function Component() {
  return (
    <RedirectIfSignedIn>
      <AuthLayout>
        <SignInForm />
      </AuthLayout>
    </RedirectIfSignedIn>
  )
}
