import * as React from "react"

import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"
import { cn } from "@/lib/utils"

import { type LanguageSuggestion, languageSuggestions } from "../lib/language-code-rules"

type Props = Omit<React.ComponentProps<typeof Input>, "value" | "onChange"> & {
  label: string
  value: string
  onChange: (value: string) => void
  onPick: (suggestion: LanguageSuggestion) => void
}

/**
 * A name field with CLDR's languages suggested as one types (the ARIA combobox pattern: arrows
 * move, Enter picks, Escape closes); picking one fills the name and the code.
 */
export function LanguageNameCombobox({ label, value, onChange, onPick, onBlur, ...props }: Props) {
  const id = React.useId()
  const listId = `${id}-list`
  const [open, setOpen] = React.useState(false)
  const [active, setActive] = React.useState(-1)
  const suggestions = React.useMemo(() => languageSuggestions(value), [value])
  const shown = open && suggestions.length > 0

  const pick = (suggestion: LanguageSuggestion) => {
    onPick(suggestion)
    setOpen(false)
    setActive(-1)
  }
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault()
      if (!suggestions.length) return
      setOpen(true)
      const step = event.key === "ArrowDown" ? 1 : -1
      setActive((i) => (i + step + suggestions.length) % suggestions.length)
    } else if (event.key === "Enter" && shown && active >= 0) {
      event.preventDefault()
      pick(suggestions[active]!)
    } else if (event.key === "Escape" && shown) {
      event.preventDefault()
      setOpen(false)
      setActive(-1)
    }
  }

  return (
    <div className="relative grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          setOpen(false)
          onBlur?.(event)
        }}
        {...props}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested languages"
        hidden={!shown}
        className="absolute top-full z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.code}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Picks before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault()
              pick(suggestion)
            }}
            className={cn(
              "flex cursor-pointer justify-between gap-3 rounded-sm px-2 py-1.5 text-sm",
              index === active && "bg-accent text-accent-foreground",
            )}
          >
            <span className="truncate">{suggestion.name}</span>
            <span className="shrink-0 font-mono text-muted-foreground">{suggestion.code}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
