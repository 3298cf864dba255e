import * as React from "react"
import {
  Pie,
  PieChart,
  type PieLabelRenderProps,
  type PieSectorShapeProps,
  ResponsiveContainer,
  Sector,
} from "recharts"

import { cn } from "@/lib/utils"

import type { DonutSlice } from "../lib/donut"

const RADIAN = Math.PI / 180

/**
 * 'Language Distribution (Top 5)': a donut with each slice's share as a label and a vertical
 * legend on the right. Hovering a slice (or its legend entry) makes it active: its border
 * thickens, the other slices fade to 0.7 opacity, only its label shows and its legend entry is
 * emphasised; leaving clears it.
 */
export function LanguageDonut({ slices }: { slices: DonutSlice[] }) {
  const [active, setActive] = React.useState<number | null>(null)
  const clear = () => setActive(null)

  const renderSector = (props: PieSectorShapeProps) => {
    const slice = slices[props.index]
    const isActive = active === props.index
    return (
      <Sector
        {...props}
        fill={slice?.color}
        stroke="var(--card)"
        strokeWidth={isActive ? 4 : 1.5}
        opacity={active === null || isActive ? 1 : 0.7}
        data-language={slice?.language}
        data-active={isActive || undefined}
      />
    )
  }

  const renderLabel = (props: PieLabelRenderProps) => {
    const index = Number(props.index)
    if (active !== null && active !== index) return null
    const radius = Number(props.outerRadius) + 16
    const angle = Number(props.midAngle)
    const x = Number(props.cx) + radius * Math.cos(-angle * RADIAN)
    const y = Number(props.cy) + radius * Math.sin(-angle * RADIAN)
    return (
      <text
        x={x}
        y={y}
        fill="var(--foreground)"
        fontSize={12}
        fontWeight={active === index ? 600 : 400}
        textAnchor={x > Number(props.cx) ? "start" : "end"}
        dominantBaseline="central"
        data-slot="slice-label"
      >
        {slices[index]?.label}
      </text>
    )
  }

  return (
    <div className="flex h-full min-h-0 items-center gap-3">
      <div className="h-full min-w-0 flex-1" onMouseLeave={clear}>
        <ResponsiveContainer width="100%" height="100%" minWidth={0}>
          <PieChart
            accessibilityLayer={false}
            // Room around the ring for the percentage labels outside it.
            margin={{ top: 20, right: 40, bottom: 20, left: 40 }}
            role="img"
            aria-label={`Language distribution: ${slices.map((s) => `${s.language} ${s.label}`).join(", ")}`}
          >
            <Pie
              data={slices}
              dataKey="count"
              nameKey="language"
              innerRadius="52%"
              outerRadius="80%"
              paddingAngle={1}
              isAnimationActive={false}
              label={renderLabel}
              labelLine={false}
              shape={renderSector}
              onMouseEnter={(_, index) => setActive(index)}
              onMouseLeave={clear}
            />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul aria-label="Languages" className="flex shrink-0 flex-col gap-1.5 text-sm">
        {slices.map((slice, index) => (
          <li
            key={slice.language}
            data-active={active === index || undefined}
            onMouseEnter={() => setActive(index)}
            onMouseLeave={clear}
            className={cn(
              "flex items-center gap-2 rounded px-1.5 py-0.5 text-muted-foreground transition-colors",
              active === index && "bg-accent font-semibold text-foreground",
            )}
          >
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-sm"
              style={{ backgroundColor: slice.color }}
            />
            <span>{slice.language}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
