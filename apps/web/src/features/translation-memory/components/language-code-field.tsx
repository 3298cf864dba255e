import * as React from "react"

import { FormField } from "@/components/ui/form-field"
import { useUserLanguages } from "@/hooks/use-user-languages"

import { languageLabel } from "../lib/language-label"

/**
 * A language code input (e.g. de, pt-br) that suggests the company's languages from Settings,
 * both as the input's autocomplete list and as buttons below it.
 */
export function LanguageCodeField({
  onPick,
  suggest = false,
  ...props
}: React.ComponentProps<typeof FormField> & {
  onPick?: (code: string) => void
  suggest?: boolean
}) {
  const listId = React.useId()
  const languages = useUserLanguages().data ?? []
  const options = suggest ? languages : []
  return (
    <div className="grid content-start gap-2">
      <FormField
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={35}
        list={options.length ? listId : undefined}
        {...props}
      />
      {options.length > 0 && (
        <>
          <datalist id={listId}>
            {options.map((l) => (
              <option key={l.id} value={l.language_code.toLowerCase()}>
                {languageLabel(l, languages)}
              </option>
            ))}
          </datalist>
          {onPick && (
            <div className="flex flex-wrap gap-1.5">
              {options.map((l) => (
                <button
                  key={l.id}
                  type="button"
                  onClick={() => onPick(l.language_code.toLowerCase())}
                  aria-label={`${props.label}: ${languageLabel(l, languages)}`}
                  className="rounded-md border bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground outline-none hover:bg-secondary/80 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {l.language} ({l.language_code.toUpperCase()})
                </button>
              ))}
            </div>
          )}
        </>
      )}
    </div>
  )
}
