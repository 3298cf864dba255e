import * as React from "react"

import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"
import { Textarea } from "@/components/ui/textarea"

/**
 * 'Entries': CSV or TSV text typed or pasted, or loaded from a file chosen below it (`onFile`
 * gets the file's name and text). The contract checks it, so `error` names the row at fault.
 */
export function EntriesField({
  error,
  onFile,
  ...props
}: React.ComponentProps<typeof Textarea> & {
  error?: string
  onFile: (file: { name: string; text: string }) => void
}) {
  const id = React.useId()
  const described = [`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Entries</Label>
      <Textarea
        id={id}
        rows={6}
        spellCheck={false}
        placeholder={"source,target\nSign in,Anmelden\nCart,Warenkorb"}
        className="max-h-64 font-mono text-xs"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        CSV or TSV with the header row source,target, one term per row. Paste it here or load a
        file.
      </p>
      <Label htmlFor={`${id}-file`} className="sr-only">
        Entries file
      </Label>
      <Input
        id={`${id}-file`}
        type="file"
        accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
        onChange={async (event) => {
          const file = event.target.files?.[0]
          if (file) onFile({ name: file.name, text: await file.text() })
        }}
        className="cursor-pointer pt-1.5 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-secondary file:px-2 file:text-sm file:font-medium file:text-secondary-foreground"
      />
    </div>
  )
}
