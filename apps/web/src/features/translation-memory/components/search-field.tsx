import { SearchIcon } from "lucide-react"
import * as React from "react"

import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"

/** How long typing pauses before the search runs, so each keystroke is not a request. */
export const SEARCH_DEBOUNCE_MS = 300

/**
 * The search box: shows what is typed at once and reports it (trimmed) once typing pauses. A new
 * `value` from outside (back button, 'Clear filters') replaces the text.
 */
export function SearchField({
  value,
  onSearch,
}: {
  value: string
  onSearch: (search: string) => void
}) {
  const id = React.useId()
  const [text, setText] = React.useState(value)
  const [reported, setReported] = React.useState(value)
  if (value !== reported) {
    setReported(value)
    if (value !== text.trim()) setText(value)
  }

  React.useEffect(() => {
    if (text.trim() === value) return
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, value, onSearch])

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Search</Label>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Source or translation"
          maxLength={500}
          className="pl-8"
        />
      </div>
    </div>
  )
}
