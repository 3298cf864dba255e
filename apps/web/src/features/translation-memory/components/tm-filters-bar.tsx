import { TM_SOURCES } from "@nativ/contracts"
import * as React from "react"

import { Label } from "@/components/ui/label"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"
import { Switch } from "@/components/ui/switch"
import { useUserLanguages } from "@/hooks/use-user-languages"

import type { TmFilters } from "../lib/tm-filters"
import { TM_SOURCE_LABELS } from "../lib/tm-sources"
import { SearchField } from "./search-field"

const ALL = "all"

/** Search, target language, source and 'Enabled only'; each change goes to the address. */
export function TmFiltersBar({
  filters,
  onChange,
}: {
  filters: TmFilters
  onChange: (change: Partial<TmFilters>) => void
}) {
  const id = React.useId()
  const languages = useUserLanguages().data ?? []
  const codes = languages.map((l) => ({ code: l.language_code.toLowerCase(), name: l.language }))
  // A language from the address that is not (or no longer) one of the company's stays choosable.
  if (filters.targetLang && !codes.some((l) => l.code === filters.targetLang))
    codes.push({ code: filters.targetLang, name: filters.targetLang.toUpperCase() })
  const onSearch = React.useCallback((search: string) => onChange({ search }), [onChange])

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,1fr)_12rem_10rem_auto] lg:items-end">
      <SearchField value={filters.search} onSearch={onSearch} />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-target`}>Target language</Label>
        <Select
          value={filters.targetLang || ALL}
          onValueChange={(value) => onChange({ targetLang: value === ALL ? "" : value })}
        >
          <SelectTrigger id={`${id}-target`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All languages</SelectItem>
            {codes.map(({ code, name }) => (
              <SelectItem key={code} value={code}>
                {name} ({code.toUpperCase()})
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-source`}>Source</Label>
        <Select
          value={filters.source ?? ALL}
          onValueChange={(value) =>
            onChange({ source: value === ALL ? null : (value as TmFilters["source"]) })
          }
        >
          <SelectTrigger id={`${id}-source`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All sources</SelectItem>
            {TM_SOURCES.map((source) => (
              <SelectItem key={source} value={source}>
                {TM_SOURCE_LABELS[source]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex h-9 items-center gap-2">
        <Switch
          id={`${id}-enabled`}
          checked={filters.enabledOnly}
          onCheckedChange={(enabledOnly) => onChange({ enabledOnly })}
        />
        <Label htmlFor={`${id}-enabled`} className="whitespace-nowrap">
          Enabled only
        </Label>
      </div>
    </div>
  )
}
