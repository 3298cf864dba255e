import { useQuery } from "@tanstack/react-query"
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
import { getAssurance } from "@/lib/auth/mfa"

import { useRemoveTotpFactor } from "../api/two-factor"

/**
 * Confirms removing the authenticator app. The server removes a verified factor only for a
 * session that proved a code (aal2); a session that has not is asked for one here.
 */
export function RemoveFactorDialog({
  factorId,
  onClose,
}: {
  factorId: string
  onClose: () => void
}) {
  const assurance = useQuery({ queryKey: ["mfa-assurance"], queryFn: getAssurance, staleTime: 0 })
  const needsCode = assurance.isSuccess && assurance.data.currentLevel !== "aal2"
  // No schema: the code is checked by the server, whose refusal is the message (as before).
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
    remove.mutate({ factorId, code: needsCode ? code : undefined }),
  )
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
          {needsCode && <CodeFormField control={form.control} autoFocus />}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={remove.isPending || assurance.isPending}
            >
              {remove.isPending ? "Removing..." : "Remove"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
