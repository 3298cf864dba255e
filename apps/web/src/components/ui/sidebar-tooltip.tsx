import type * as React from "react"

import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip"

/**
 * A menu row's name beside it while the sidebar is collapsed to icons, loaded by sidebar.tsx only
 * then. Each row carries its own provider: they open without delay, so sharing one changes nothing.
 */
export function SidebarTooltip({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>{children}</TooltipTrigger>
        <TooltipContent side="right" align="center">
          {label}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  )
}
