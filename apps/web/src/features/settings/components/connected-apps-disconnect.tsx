import type { ConnectedApp } from "@nativ/contracts"
import { UnplugIcon } from "lucide-react"

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog"
import { Button, buttonVariants } from "@/components/ui/button"

import { useDisconnectApp } from "../api/connected-apps"

/**
 * Disconnect, asked first. A worded button rather than ConfirmDestructive's lone icon: an unplug
 * glyph does not say what it does, and several apps may share a name.
 */
export function ConnectedAppsDisconnect({
  app,
  approver,
}: {
  app: ConnectedApp
  approver: string
}) {
  const disconnect = useDisconnectApp()
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive dark:text-red-400"
          disabled={disconnect.isPending}
          aria-label={`Disconnect ${app.name}`}
        >
          <UnplugIcon aria-hidden="true" />
          Disconnect
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Disconnect {app.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            &quot;{app.name}&quot;, approved by {approver}, loses access immediately: its next
            request is refused. It can be connected again.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            disabled={disconnect.isPending}
            onClick={() => disconnect.mutate(app)}
          >
            {disconnect.isPending ? "Disconnecting..." : "Disconnect"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
