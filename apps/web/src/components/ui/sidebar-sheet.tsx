import type * as React from "react"

import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet"

/** The sidebar as a slide-in panel (below 768px), loaded by sidebar.tsx on narrow screens only. */
export function SidebarSheet({
  open,
  onOpenChange,
  width,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  width: string
  children: React.ReactNode
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        data-slot="sidebar"
        data-mobile="true"
        className="w-(--sidebar-width) bg-sidebar p-0 text-sidebar-foreground"
        style={{ "--sidebar-width": width } as React.CSSProperties}
      >
        <SheetTitle className="sr-only">Sidebar</SheetTitle>
        <SheetDescription className="sr-only">Main navigation of the dashboard.</SheetDescription>
        <div className="flex h-full w-full flex-col">{children}</div>
      </SheetContent>
    </Sheet>
  )
}
