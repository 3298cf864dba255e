import { Button } from "@/components/ui/button"
import { DialogClose, DialogFooter } from "@/components/ui/dialog"

/** A form dialog's Cancel (closes it) and submit button, which says `busyText` while it works. */
export function FormDialogFooter({
  action,
  busy,
  busyText,
}: {
  action: string
  busy: boolean
  busyText: string
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={busy}>
        {busy ? busyText : action}
      </Button>
    </DialogFooter>
  )
}
