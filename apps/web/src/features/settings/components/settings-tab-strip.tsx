import * as React from "react"

import { TabsList } from "@/components/ui/tabs"
import { cn } from "@/lib/utils"

type Edges = { start: boolean; end: boolean }

/** Which ends of `list` hide tabs (a pixel of slack for fractional widths). */
function hiddenEdges(list: HTMLElement): Edges {
  return {
    start: list.scrollLeft > 1,
    end: list.scrollLeft + list.clientWidth < list.scrollWidth - 1,
  }
}

/**
 * The Settings tabs in one row that scrolls sideways when the screen is too narrow for them: a
 * fade on each side that hides tabs says there is more, and the active tab is brought into view
 * (on a phone, ?tab=webhooks would otherwise open with its own tab out of sight).
 */
export function SettingsTabStrip({
  active,
  children,
}: {
  active: string
  children: React.ReactNode
}) {
  const listRef = React.useRef<HTMLDivElement>(null)
  const [edges, setEdges] = React.useState<Edges>({ start: false, end: false })

  const measure = React.useCallback(() => {
    if (!listRef.current) return
    const next = hiddenEdges(listRef.current)
    setEdges((edges) => (edges.start === next.start && edges.end === next.end ? edges : next))
  }, [])

  // After every render too: tabs that depend on the role appear once it is known.
  React.useLayoutEffect(measure)

  React.useEffect(() => {
    window.addEventListener("resize", measure)
    return () => window.removeEventListener("resize", measure)
  }, [measure])

  React.useEffect(() => {
    const list = listRef.current
    const tab = list?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')
    if (!list || !tab) return
    // Centred in the strip, so the tabs beside it show too; only the strip scrolls, not the page.
    list.scrollLeft = tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2
    measure()
  }, [active, measure])

  return (
    <div className="relative w-full max-w-full sm:w-fit" data-testid="settings-tab-strip">
      <TabsList
        ref={listRef}
        onScroll={measure}
        className="w-full justify-start overflow-x-auto [scrollbar-width:none] sm:w-fit [&::-webkit-scrollbar]:hidden"
      >
        {children}
      </TabsList>
      <div
        aria-hidden="true"
        data-testid="tabs-fade-start"
        className={cn(
          "pointer-events-none absolute inset-y-0 left-0 w-10 rounded-l-lg bg-gradient-to-r from-muted to-transparent transition-opacity",
          edges.start ? "opacity-100" : "opacity-0",
        )}
      />
      <div
        aria-hidden="true"
        data-testid="tabs-fade-end"
        className={cn(
          "pointer-events-none absolute inset-y-0 right-0 w-10 rounded-r-lg bg-gradient-to-l from-muted to-transparent transition-opacity",
          edges.end ? "opacity-100" : "opacity-0",
        )}
      />
    </div>
  )
}
