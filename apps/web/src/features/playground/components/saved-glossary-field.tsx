import { SaveIcon } from "lucide-react"
import * as React from "react"
import { toast } from "sonner"

import { Button } from "@/components/ui/button"
import { Label } from "@/components/ui/label"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"

import { useSaveGlossary, useSavedGlossaries } from "../api/saved-glossaries"
import type { Glossary } from "../lib/glossary-file"
import { glossaryNameFromFile } from "../lib/saved-glossary"

const NONE = "none"

/**
 * 'Saved glossary': one of the company's stored glossaries, sent as glossary_id. With a CSV
 * chosen in the picker above, 'Save as glossary' stores it (named after the file, in the target
 * language) and selects it.
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
  const save = useSaveGlossary()

  const saveFile = () => {
    if (!file || !languageCode) return
    save.mutate(
      {
        name: glossaryNameFromFile(file.fileName),
        language_code: languageCode,
        entries: file.entries,
      },
      {
        onSuccess: (saved) => {
          onChange(saved.id)
          toast.success("Glossary saved", {
            description: `${saved.name} is now a saved glossary`,
          })
        },
      },
    )
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        Saved glossary <span className="font-normal text-muted-foreground">(optional)</span>
      </Label>
      <Select
        value={value ?? NONE}
        onValueChange={(next) => onChange(next === NONE ? null : next)}
        disabled={disabled}
      >
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>None</SelectItem>
          {(glossaries.data ?? []).map((g) => (
            <SelectItem key={g.id} value={g.id}>
              {`${g.name} (${g.language_code})`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {file && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={disabled || !languageCode || save.isPending}
            onClick={saveFile}
          >
            <SaveIcon aria-hidden="true" />
            {save.isPending ? "Saving..." : "Save as glossary"}
          </Button>
          {!languageCode && (
            <span className="text-xs text-muted-foreground">
              Select a target language to save {file.fileName} as a glossary.
            </span>
          )}
        </div>
      )}
    </div>
  )
}
