import { OPERATION_TOOLS } from "@nativ/contracts"
import { SlidersHorizontalIcon } from "lucide-react"
import { useState } from "react"

import { Button } from "@/components/ui/button"
import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"

import { activeFilterCount, hasFilters, type OperationsFilters as Filters } from "../lib/filters"

const ALL = "all"

type Option = { value: string; label: string }

function FilterSelect({
  id,
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  id: string
  label: string
  allLabel: string
  value: string | null
  options: Option[]
  onChange: (value: string | null) => void
}) {
  // A value from the URL that is not (or not yet) among the options still shows as chosen.
  const shown =
    value && !options.some((o) => o.value === value)
      ? [...options, { value, label: value }]
      : options
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? null : next)}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {shown.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

/**
 * The Operations filters: From and To days, Language, Tool, API key and (in a company of more
 * than one person) Member, and 'Clear filters' while any is set. Below the sm breakpoint they fold
 * behind a 'Filters' button that counts the active ones, so the table starts on the first screen.
 */
export function OperationsFilters({
  filters,
  languages,
  apiKeys,
  memberEmails,
  onChange,
  onClear,
}: {
  filters: Filters
  languages: string[]
  apiKeys: { id: string; name: string }[]
  memberEmails: string[]
  onChange: (change: Partial<Filters>) => void
  onClear: () => void
}) {
  const [open, setOpen] = useState(false)
  const active = activeFilterCount(filters)
  return (
    <div className="grid gap-3">
      <Button
        variant="outline"
        className="justify-self-start sm:hidden"
        aria-label={active > 0 ? `Filters, ${active} active` : "Filters"}
        aria-expanded={open}
        aria-controls="operations-filters"
        onClick={() => setOpen(!open)}
      >
        <SlidersHorizontalIcon aria-hidden="true" />
        Filters
        {active > 0 && (
          <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
            {active}
          </span>
        )}
      </Button>
      <div
        id="operations-filters"
        role="group"
        aria-label="Filters"
        className={`${open ? "grid" : "hidden"} grid-cols-1 gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-4`}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="operations-from">From</Label>
          <Input
            id="operations-from"
            type="date"
            value={filters.from ?? ""}
            max={filters.to ?? undefined}
            onChange={(event) => onChange({ from: event.target.value || null })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="operations-to">To</Label>
          <Input
            id="operations-to"
            type="date"
            value={filters.to ?? ""}
            min={filters.from ?? undefined}
            onChange={(event) => onChange({ to: event.target.value || null })}
          />
        </div>
        <FilterSelect
          id="operations-language"
          label="Language"
          allLabel="All languages"
          value={filters.language}
          options={languages.map((name) => ({ value: name, label: name }))}
          onChange={(language) => onChange({ language })}
        />
        <FilterSelect
          id="operations-tool"
          label="Tool"
          allLabel="All tools"
          value={filters.tool}
          options={OPERATION_TOOLS.map((tool) => ({ value: tool, label: tool }))}
          onChange={(tool) => onChange({ tool })}
        />
        <FilterSelect
          id="operations-api-key"
          label="API key"
          allLabel="All API keys"
          value={filters.apiKeyId}
          options={apiKeys.map((key) => ({ value: key.id, label: key.name }))}
          onChange={(apiKeyId) => onChange({ apiKeyId })}
        />
        {memberEmails.length > 0 && (
          <FilterSelect
            id="operations-member"
            label="Member"
            allLabel="All members"
            value={filters.memberEmail}
            options={memberEmails.map((email) => ({ value: email, label: email }))}
            onChange={(memberEmail) => onChange({ memberEmail })}
          />
        )}
        {hasFilters(filters) && (
          <div className="flex items-end">
            <Button variant="outline" onClick={onClear}>
              Clear filters
            </Button>
          </div>
        )}
      </div>
    </div>
  )
}
