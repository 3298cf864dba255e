import type { Usage } from "@nativ/contracts"

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { ErrorState } from "@/components/ui/error-state"
import { Label } from "@/components/ui/label"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"
import { Skeleton } from "@/components/ui/skeleton"
import { countOf, formatCredits, formatNumber, plural } from "@/lib/format"
import { cn } from "@/lib/utils"

import { type Breakdown, BREAKDOWNS, toBreakdownBars } from "../lib/breakdown"

type Props = {
  usage: Usage | undefined
  isLoading: boolean
  isError: boolean
  onRetry: () => void
  /** A newer range or breakdown is loading while the previous figures stay on screen. */
  isFetching: boolean
  /** What the range covers, in words ("Last 30 days", "Nov 1, 2026 – Nov 24, 2026"). */
  rangeLabel: string
  breakdown: Breakdown
  /** Breakdowns on offer: Member only in a company of more than one person. */
  breakdowns: readonly Breakdown[]
  onBreakdownChange: (breakdown: Breakdown) => void
}

/**
 * "Credits used": the range's credits and operations, and the credits broken down by language,
 * tool, API key or member, as one bar per group (largest first) with its figures written out.
 */
export function CreditsUsedCard(props: Props) {
  const { usage, breakdown } = props
  const label = BREAKDOWNS.find((b) => b.id === breakdown)!.label
  const bars = usage ? toBreakdownBars(usage.rows) : []

  return (
    <Card aria-busy={props.isFetching || undefined}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle>Credits used</CardTitle>
          <CardDescription>{props.rangeLabel}</CardDescription>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="credits-breakdown">Break down by</Label>
          <Select
            value={breakdown}
            onValueChange={(value) => props.onBreakdownChange(value as Breakdown)}
          >
            <SelectTrigger id="credits-breakdown" className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {BREAKDOWNS.filter((b) => props.breakdowns.includes(b.id)).map((b) => (
                <SelectItem key={b.id} value={b.id}>
                  {b.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        {props.isLoading ? (
          <div className="space-y-3">
            <Skeleton className="h-9 w-32" />
            <Skeleton className="h-24 w-full" />
            <span className="sr-only">Loading credits used...</span>
          </div>
        ) : props.isError || !usage ? (
          <ErrorState
            title="Credits used could not be loaded."
            onRetry={props.onRetry}
            retrying={props.isFetching}
            className="py-8"
          />
        ) : (
          <>
            <dl className="flex flex-wrap gap-x-10 gap-y-2">
              <Figure
                name="Credits used"
                id="credits-used-total"
                value={formatCredits(usage.total.credits)}
              />
              <Figure
                name="Operations"
                id="operations-total"
                value={formatNumber(usage.total.operations)}
              />
            </dl>
            {bars.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">
                No operations in this period
              </p>
            ) : (
              <ul aria-label={`Credits by ${label.toLowerCase()}`} className="space-y-3">
                {bars.map((bar) => (
                  <li key={bar.key} className="grid gap-1">
                    <div className="flex items-baseline justify-between gap-3 text-sm">
                      <span className={cn("truncate", bar.key === "" && "text-muted-foreground")}>
                        {bar.label}
                      </span>
                      <span className="shrink-0 tabular-nums">
                        {countOf(bar.credits, "credit")}
                        <span className="text-muted-foreground">
                          {" "}
                          · {formatNumber(bar.operations)} {plural(bar.operations, "operation")}
                        </span>
                      </span>
                    </div>
                    <div className="h-2 rounded-full bg-muted" aria-hidden="true">
                      <div
                        className="h-2 rounded-full bg-primary"
                        style={{ width: `${Math.max(bar.scale * 100, bar.credits > 0 ? 1 : 0)}%` }}
                      />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}

function Figure({ name, id, value }: { name: string; id: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{name}</dt>
      <dd className="text-3xl font-bold tabular-nums" data-testid={id}>
        {value}
      </dd>
    </div>
  )
}
