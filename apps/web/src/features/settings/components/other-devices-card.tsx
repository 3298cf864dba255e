import { toast } from "sonner"

import { Button } from "@/components/ui/button"
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card"

import { useSignOutOthers } from "../api/sign-out-others"

/** Security → Other devices: ends every session but this one. */
export function OtherDevicesCard() {
  const signOut = useSignOutOthers({
    onSuccess: () =>
      toast.success("Signed out of other devices", {
        description: "Every other browser and device must sign in again. You stay signed in here.",
      }),
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle>Other devices</CardTitle>
        <CardDescription>
          Lost a laptop or signed in on a shared computer? Sign out everywhere except this browser.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {signOut.isPending ? "Signing out..." : "Sign out of other devices"}
        </Button>
      </CardFooter>
    </Card>
  )
}
