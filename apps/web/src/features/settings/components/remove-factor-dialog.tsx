import { useForm } from "react-hook-form"
import { toast } from "sonner"

import { Button } from "@/components/ui/button"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog"
import { FormField } from "@/components/ui/form-field"
import { errorMessage } from "@/lib/errors"

import { useRemoveTotpFactor } from "../api/two-factor"

/**
 * Confirms removing the authenticator app with a current code: six digits from the app, or one
 * of the recovery codes (which is then used up). The server also refuses a session that has not
 * proved a code in the last ten minutes.
 */
export function RemoveFactorDialog({
  factorId,
  onClose,
}: {
  factorId: string
  onClose: () => void
}) {
  const form = useForm({ defaultValues: { code: "" } })
  const remove = useRemoveTotpFactor({
    onSuccess: () => {
      toast.success("Two-factor authentication is off", {
        description: "Signing in now needs only your password.",
      })
      onClose()
    },
  })
  const onSubmit = form.handleSubmit(({ code }) =>
    remove.mutate(
      { factorId, code },
      {
        onError: () => {
          form.resetField("code")
          form.setFocus("code")
        },
      },
    ),
  )
  const fieldError = form.formState.errors.code?.message
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove the authenticator app?</DialogTitle>
          <DialogDescription>
            Signing in will need only your password. You can set up two-factor authentication again
            at any time.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            label="Authenticator or recovery code"
            autoComplete="one-time-code"
            autoFocus
            spellCheck={false}
            error={fieldError ?? (remove.isError ? errorMessage(remove.error) : undefined)}
            {...form.register("code", {
              validate: (value) =>
                value.trim() !== "" ||
                "Enter the 6-digit code from your authenticator app, or a recovery code.",
            })}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? "Removing..." : "Remove"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
