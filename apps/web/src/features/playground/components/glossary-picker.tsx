import { XIcon } from "lucide-react"
import * as React from "react"
import { toast } from "sonner"

import { Button } from "@/components/ui/button"
import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"
import { showError } from "@/lib/errors"

import { type Glossary, readGlossaryFile } from "../lib/glossary-file"

/** The optional 'Glossary CSV' picker: checks and parses the file, then shows its name. */
export function GlossaryPicker({
  glossary,
  onChange,
  disabled,
}: {
  glossary: Glossary | null
  onChange: (glossary: Glossary | null) => void
  disabled?: boolean
}) {
  const id = React.useId()
  const inputRef = React.useRef<HTMLInputElement>(null)

  const clear = () => {
    if (inputRef.current) inputRef.current.value = ""
    onChange(null)
  }

  const onFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return clear()
    try {
      const next = await readGlossaryFile(file)
      onChange(next)
      toast.success("CSV uploaded", {
        description: `${file.name} has been selected for glossary`,
      })
    } catch (error) {
      clear()
      showError("Invalid glossary", error)
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        Glossary CSV <span className="font-normal text-muted-foreground">(optional)</span>
      </Label>
      <Input
        ref={inputRef}
        id={id}
        type="file"
        accept=".csv,text/csv"
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => void onFile(event)}
        className="cursor-pointer pt-1.5 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-secondary file:px-2 file:text-sm file:font-medium file:text-secondary-foreground"
      />
      {glossary && (
        <div className="flex items-center justify-between gap-2 rounded-md bg-muted px-3 py-1.5 text-sm">
          <span className="min-w-0 truncate" data-testid="glossary-file">
            <span className="font-medium">{glossary.fileName}</span>{" "}
            <span className="text-muted-foreground">
              ({glossary.entries.length} {glossary.entries.length === 1 ? "term" : "terms"})
            </span>
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-7 px-2"
            onClick={clear}
            disabled={disabled}
            aria-label="Remove glossary"
          >
            <XIcon aria-hidden="true" />
          </Button>
        </div>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        A CSV with the header row source,target. Its terms are sent with your text and used exactly
        in the result.
      </p>
    </div>
  )
}
