import { zodResolver } from "@hookform/resolvers/zod"
import { CopyIcon } from "lucide-react"
import * as React from "react"
import { useForm } from "react-hook-form"
import { toast } from "sonner"

import { Button } from "@/components/ui/button"
import { CodeFormField } from "@/components/ui/code-form-field"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog"
import { type CodeFormValues, codeFormSchema } from "@/lib/auth/code-form-schema"
import { copyText } from "@/lib/clipboard"
import { errorMessage } from "@/lib/errors"
import { useCreateRecoveryCodes } from "@/lib/auth/recovery-codes"

import {
  cancelTotpEnrolment,
  useConfirmTotpEnrolment,
  useStartTotpEnrolment,
} from "../api/two-factor"
import { qrCodeDataUri } from "../lib/qr-code"
import { RecoveryCodesView } from "./recovery-codes-view"

/**
 * Adds an authenticator app: a new factor's QR code (drawn here from its otpauth:// URI) and
 * setup key, confirmed by a first code. Closing before that drops the unfinished factor. This
 * module carries the QR library, so it is loaded only when the dialog opens.
 */
export default function EnrolTotpDialog({ onClose }: { onClose: () => void }) {
  const start = useStartTotpEnrolment()
  const enrolment = start.data
  const form = useForm<CodeFormValues>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: "" },
  })
  const [turnedOn, setTurnedOn] = React.useState(false)
  const codes = useCreateRecoveryCodes()
  const confirm = useConfirmTotpEnrolment({
    onSuccess: () => {
      setTurnedOn(true)
      toast.success("Two-factor authentication is on", {
        description: "Each sign-in now asks for a code from your authenticator app.",
      })
      // The session is aal2 now: the first set of recovery codes, shown in this dialog once.
      codes.mutate(undefined, { onError: onClose })
    },
  })
  const started = React.useRef(false)
  const { mutate } = start

  React.useEffect(() => {
    if (started.current) return
    started.current = true
    mutate()
  }, [mutate])

  const close = () => {
    if (enrolment && !turnedOn) void cancelTotpEnrolment(enrolment.factorId)
    onClose()
  }

  const onSubmit = form.handleSubmit(({ code }) => {
    if (!enrolment) return
    confirm.mutate(
      { factorId: enrolment.factorId, code },
      { onError: () => form.resetField("code") },
    )
  })

  const qr = React.useMemo(() => (enrolment ? qrCodeDataUri(enrolment.uri) : null), [enrolment])
  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-svh overflow-y-auto">
        {turnedOn ? (
          <DialogHeader>
            <DialogTitle>Save your recovery codes</DialogTitle>
            <DialogDescription>
              Two-factor authentication is on. These codes get you in if you lose your phone.
            </DialogDescription>
          </DialogHeader>
        ) : (
          <DialogHeader>
            <DialogTitle>Set up two-factor authentication</DialogTitle>
            <DialogDescription>
              Scan the QR code with your authenticator app, then enter the 6-digit code it shows.
            </DialogDescription>
          </DialogHeader>
        )}
        {turnedOn && !codes.data && <p role="status">Creating your recovery codes...</p>}
        {codes.data && <RecoveryCodesView codes={codes.data} onDone={onClose} />}
        {!turnedOn && start.isPending && <p role="status">Preparing your QR code...</p>}
        {!turnedOn && start.isError && (
          <div className="grid gap-3" role="alert">
            <p>Two-factor setup could not start: {errorMessage(start.error)}</p>
            <Button variant="outline" className="justify-self-start" onClick={() => mutate()}>
              Try again
            </Button>
          </div>
        )}
        {!turnedOn && enrolment && qr && (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <img
              src={qr}
              alt="QR code to scan with your authenticator app"
              className="size-48 justify-self-center rounded-md bg-white"
            />
            <div className="grid gap-2">
              <p className="text-sm text-muted-foreground">
                Can&apos;t scan it? Enter this setup key in the app instead:
              </p>
              <div className="flex items-center gap-2">
                <code
                  className="min-w-0 flex-1 rounded-md bg-muted px-2 py-1 font-mono text-sm break-all"
                  data-testid="totp-secret"
                >
                  {enrolment.secret}
                </code>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label="Copy setup key"
                  onClick={() => void copyText(enrolment.secret)}
                >
                  <CopyIcon />
                </Button>
              </div>
            </div>
            <CodeFormField
              control={form.control}
              label="Verification code"
              otherError={confirm.isError ? errorMessage(confirm.error) : undefined}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? "Verifying..." : "Turn on"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
