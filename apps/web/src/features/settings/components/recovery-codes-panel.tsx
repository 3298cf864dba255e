import { KeyRoundIcon, TriangleAlertIcon } from "lucide-react"
import * as React from "react"

import { Button } from "@/components/ui/button"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog"
import {
  FEW_RECOVERY_CODES,
  useCreateRecoveryCodes,
  useRecoveryCodeStatus,
} from "@/lib/auth/recovery-codes"

import { RecoveryCodesView } from "./recovery-codes-view"

const left = (n: number) => (n === 1 ? "1 recovery code left" : `${n} recovery codes left`)

/**
 * Security → Two-factor authentication → recovery codes: how many are left (a warning when few
 * are), and a new set on request, which voids the old one.
 */
export function RecoveryCodesPanel() {
  const status = useRecoveryCodeStatus()
  const [open, setOpen] = React.useState(false)
  const create = useCreateRecoveryCodes()
  const close = () => {
    setOpen(false)
    create.reset()
  }
  const remaining = status.data?.remaining
  const few = remaining !== undefined && remaining <= FEW_RECOVERY_CODES

  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-center gap-3">
        <KeyRoundIcon className="size-5 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 basis-44">
          <h3 id="recovery-codes-title" className="font-medium">
            Recovery codes
          </h3>
          <span className="text-sm text-muted-foreground" data-testid="recovery-codes-left">
            {status.isPending && "Loading..."}
            {status.isError && "Could not be loaded."}
            {remaining !== undefined && `${left(remaining)} of ${status.data!.total}`}
          </span>
        </div>
        <Button variant="outline" onClick={() => setOpen(true)}>
          {remaining === 0 ? "Create recovery codes" : "Create new codes"}
        </Button>
      </div>
      {few && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {remaining === 0
            ? "You have no recovery codes. Without your phone you could not sign in: create new codes now."
            : "Few recovery codes are left. Create new codes so you are not locked out without your phone."}
        </p>
      )}
      <Dialog open={open} onOpenChange={(next) => !next && close()}>
        <DialogContent className="max-h-svh overflow-y-auto">
          <DialogHeader>
            <DialogTitle>
              {create.data ? "Your new recovery codes" : "Create new recovery codes?"}
            </DialogTitle>
            <DialogDescription>
              {create.data
                ? "Your earlier recovery codes no longer work."
                : "Your current recovery codes will stop working, including any you have saved."}
            </DialogDescription>
          </DialogHeader>
          {create.data ? (
            <RecoveryCodesView codes={create.data} onDone={close} />
          ) : (
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="button" onClick={() => create.mutate()} disabled={create.isPending}>
                {create.isPending ? "Creating..." : "Create new codes"}
              </Button>
            </DialogFooter>
          )}
        </DialogContent>
      </Dialog>
    </section>
  )
}
