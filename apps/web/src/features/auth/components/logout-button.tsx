import { LogOutIcon } from "lucide-react"
import { useNavigate } from "react-router"
import { toast } from "sonner"

import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "@/components/ui/sidebar"
import { paths } from "@/config/paths"

import { useSignOut } from "../api/sign-out"

/** The sidebar's Log Out entry. */
export function LogoutButton() {
  const navigate = useNavigate()
  const signOut = useSignOut({
    onSuccess: () => {
      toast.success("Logged out", { description: "You have been successfully logged out" })
      void navigate(paths.auth, { replace: true })
    },
  })
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <SidebarMenuButton
          tooltip="Log Out"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          <LogOutIcon />
          <span>Log Out</span>
        </SidebarMenuButton>
      </SidebarMenuItem>
    </SidebarMenu>
  )
}
