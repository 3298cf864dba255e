import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts"

import { countOf, formatCalendarDay } from "@/lib/format"

import type { DailyCount } from "../api/get-daily-counts"

/** recharts hands over the x value untyped; ours is a 'YYYY-MM-DD' day. */
const formatDay =
  ({ year }: { year: boolean }) =>
  (day: unknown) =>
    typeof day === "string" ? formatCalendarDay(day, { year }) : String(day)

const tick = { fill: "var(--muted-foreground)", fontSize: 12 }

/** 'Operations Over Time': one bar per day with operations, dates on x, counts on y. */
export function OperationsBarChart({ days }: { days: DailyCount[] }) {
  const total = days.reduce((sum, day) => sum + day.count, 0)
  return (
    <ResponsiveContainer width="100%" height="100%" minWidth={0}>
      <BarChart
        data={days}
        margin={{ top: 8, right: 8, bottom: 0, left: -12 }}
        role="img"
        aria-label={`Operations over time: ${countOf(total, "operation")} on ${countOf(days.length, "day")}`}
      >
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis
          dataKey="date"
          tickFormatter={formatDay({ year: false })}
          tick={tick}
          tickLine={false}
          axisLine={{ stroke: "var(--border)" }}
          minTickGap={16}
        />
        <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={48} />
        <Tooltip
          cursor={{ fill: "var(--muted)" }}
          labelFormatter={formatDay({ year: true })}
          formatter={(value) => [value, "Operations"]}
          contentStyle={{
            background: "var(--popover)",
            border: "1px solid var(--border)",
            borderRadius: 8,
            color: "var(--popover-foreground)",
          }}
        />
        <Bar
          dataKey="count"
          name="Operations"
          fill="var(--primary)"
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  )
}
