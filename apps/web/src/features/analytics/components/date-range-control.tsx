import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"

import {
  addDays,
  customRangeProblem,
  RANGE_PRESETS,
  type RangeChoice,
  type RangePreset,
} from "../lib/date-range"

type Props = {
  choice: RangeChoice
  /** Today in the viewer's time zone: where Custom starts and the latest day it offers. */
  today: string
  onChange: (choice: RangeChoice) => void
}

/**
 * The page's date range: a preset, or Custom with a start and an end day. Custom opens on the
 * last 30 days so it always starts complete; each date change is applied at once.
 */
export function DateRangeControl({ choice, today, onChange }: Props) {
  const custom = choice.preset === "custom"
  const problem = custom ? customRangeProblem(choice.from, choice.to) : null

  const choose = (preset: string) => {
    const next = preset as RangePreset
    if (next !== "custom") return onChange({ preset: next, from: null, to: null })
    onChange({ preset: next, from: choice.from ?? addDays(today, -29), to: choice.to ?? today })
  }

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="analytics-range">Date range</Label>
        <Select value={choice.preset} onValueChange={choose}>
          <SelectTrigger id="analytics-range" className="w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {RANGE_PRESETS.map((preset) => (
              <SelectItem key={preset.id} value={preset.id}>
                {preset.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {custom && (
        <>
          <DayField
            id="analytics-from"
            label="From"
            value={choice.from}
            max={today}
            invalid={Boolean(problem)}
            onChange={(from) => onChange({ ...choice, from })}
          />
          <DayField
            id="analytics-to"
            label="To"
            value={choice.to}
            max={today}
            invalid={Boolean(problem)}
            onChange={(to) => onChange({ ...choice, to })}
          />
          {problem && (
            <p
              id="analytics-range-problem"
              role="alert"
              className="basis-full text-sm text-destructive"
            >
              {problem}
            </p>
          )}
        </>
      )}
    </div>
  )
}

function DayField(props: {
  id: string
  label: string
  value: string | null
  max: string
  invalid: boolean
  onChange: (day: string | null) => void
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="date"
        className="w-40"
        value={props.value ?? ""}
        max={props.max}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.invalid ? "analytics-range-problem" : undefined}
        onChange={(event) => props.onChange(event.target.value || null)}
      />
    </div>
  )
}
