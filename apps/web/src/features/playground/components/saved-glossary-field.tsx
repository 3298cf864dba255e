import { SaveIcon } from "lucide-react"
import * as React from "react"

import { Button } from "@/components/ui/button"
import { Label } from "@/components/ui/label"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"

import { useSavedGlossaries } from "../api/saved-glossaries"
import type { Glossary } from "../lib/glossary-file"
import { glossariesForLanguage } from "../lib/glossaries-for-language"
import { SaveGlossaryDialog } from "./save-glossary-dialog"

const NONE = "none"

/**
 * 'Saved glossary': one of the company's stored glossaries for the target language (or for any
 * language), sent as glossary_id. A choice that no longer fits a newly chosen language is cleared,
 * so a German glossary is never sent with a French run. With a CSV chosen in the picker above,
 * 'Save as glossary' stores it in the target language under a name asked for, and selects it.
 */
export function SavedGlossaryField({
  value,
  onChange,
  file,
  languageCode,
  disabled,
}: {
  value: string | null
  onChange: (id: string | null) => void
  file: Glossary | null
  languageCode: string | null
  disabled?: boolean
}) {
  const id = React.useId()
  const glossaries = useSavedGlossaries()
  const offered = glossariesForLanguage(glossaries.data ?? [], languageCode)
  const stale = Boolean(value && glossaries.data && !offered.some((g) => g.id === value))

  React.useEffect(() => {
    if (stale) onChange(null)
  }, [stale, onChange])

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        Saved glossary <span className="font-normal text-muted-foreground">(optional)</span>
      </Label>
      <Select
        value={stale ? NONE : (value ?? NONE)}
        onValueChange={(next) => onChange(next === NONE ? null : next)}
        disabled={disabled}
      >
        <SelectTrigger id={id} className="w-full" aria-describedby={`${id}-hint`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>None</SelectItem>
          {offered.map((g) => (
            <SelectItem key={g.id} value={g.id}>
              {g.language_code ? `${g.name} (${g.language_code})` : `${g.name} (any language)`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {!languageCode
          ? "Select a target language to see its saved glossaries."
          : offered.length === 0
            ? `No saved glossaries for ${languageCode}.`
            : `Glossaries saved for ${languageCode}.`}
      </p>
      {file && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {languageCode ? (
            <SaveGlossaryDialog
              file={file}
              languageCode={languageCode}
              onSaved={(saved) => onChange(saved.id)}
              trigger={
                <Button type="button" variant="outline" size="sm" disabled={disabled}>
                  <SaveIcon aria-hidden="true" />
                  Save as glossary
                </Button>
              }
            />
          ) : (
            <>
              <Button type="button" variant="outline" size="sm" disabled>
                <SaveIcon aria-hidden="true" />
                Save as glossary
              </Button>
              <span className="text-xs text-muted-foreground">
                Select a target language to save {file.fileName} as a glossary.
              </span>
            </>
          )}
        </div>
      )}
    </div>
  )
}
