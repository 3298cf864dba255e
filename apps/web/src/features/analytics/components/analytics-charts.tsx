import type * as React from "react"

import { ResizableHandle, ResizablePanel, ResizablePanelGroup } from "@/components/ui/resizable"
import { useIsMobile } from "@/hooks/use-mobile"

import type { DailyCount } from "../api/get-daily-counts"
import type { DonutSlice } from "../lib/donut"
import { LanguageDonut } from "./language-donut"
import { OperationsBarChart } from "./operations-bar-chart"

/** Panels default to half the card each and never shrink below 30 % (docs/product.md#constants). */
const DEFAULT_SIZE = "50%"
const MIN_SIZE = "30%"

type Props = { slices: DonutSlice[]; days: DailyCount[] }

/**
 * The two charts side by side in resizable panels, split by a divider that can be dragged or
 * focused and moved with the arrow keys. Below 768 px there is no room side by side: the charts
 * stack instead. This module (and the chart library) loads only with the Analytics page.
 */
export default function AnalyticsCharts({ slices, days }: Props) {
  const isMobile = useIsMobile()
  const donut = (
    <ChartSection title="Language Distribution (Top 5)">
      <LanguageDonut slices={slices} />
    </ChartSection>
  )
  const bars = (
    <ChartSection title="Operations Over Time">
      <OperationsBarChart days={days} />
    </ChartSection>
  )

  if (isMobile)
    return (
      <div className="flex flex-col gap-8">
        <div className="h-72">{donut}</div>
        <div className="h-72">{bars}</div>
      </div>
    )

  return (
    <ResizablePanelGroup orientation="horizontal" className="min-h-[420px]" style={{ height: 420 }}>
      <ResizablePanel id="language-distribution" defaultSize={DEFAULT_SIZE} minSize={MIN_SIZE}>
        <div className="h-full pr-4">{donut}</div>
      </ResizablePanel>
      <ResizableHandle withHandle aria-label="Resize charts" />
      <ResizablePanel id="operations-over-time" defaultSize={DEFAULT_SIZE} minSize={MIN_SIZE}>
        <div className="h-full pl-4">{bars}</div>
      </ResizablePanel>
    </ResizablePanelGroup>
  )
}

function ChartSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="flex h-full min-w-0 flex-col gap-3">
      <h3 className="text-sm font-medium">{title}</h3>
      <div className="min-h-0 flex-1">{children}</div>
    </section>
  )
}
