import { MailCheckIcon } from "lucide-react"
import { Link } from "react-router"

import { Button } from "@/components/ui/button"
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card"
import { paths } from "@/config/paths"

import { useResendConfirmation } from "../api/resend-confirmation"

/**
 * After "Create Account": where the confirmation link went, Resend (limited by the server), and
 * the way back to the form for a mistyped address.
 */
export function CheckInbox({ email, onBack }: { email: string; onBack: () => void }) {
  const resend = useResendConfirmation()
  return (
    <Card>
      <CardHeader className="justify-items-center gap-3 text-center">
        <MailCheckIcon className="size-10 text-primary" aria-hidden="true" />
        <CardTitle className="text-2xl">Check your inbox</CardTitle>
        <CardDescription>
          We sent a confirmation link to <strong className="text-foreground">{email}</strong>. Open
          it to activate your account, then sign in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm text-muted-foreground">
        <p>No email after a few minutes? Look in your spam folder, or send it again.</p>
      </CardContent>
      <CardFooter className="flex-col gap-3">
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={resend.isPending}
          onClick={() => resend.mutate(email)}
        >
          {resend.isPending ? "Sending..." : "Resend email"}
        </Button>
        <Button type="button" variant="link" onClick={onBack}>
          Use a different email
        </Button>
        <Link
          to={paths.auth}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </CardFooter>
    </Card>
  )
}
