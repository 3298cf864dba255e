import * as React from "react"
import { toast } from "sonner"

import { Button } from "@/components/ui/button"
import { DialogClose, DialogFooter } from "@/components/ui/dialog"
import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"

import type { useImportTmEntries } from "../api/import-tm-entries"
import { CsvFileError, type CsvRow, parseTmCsv, planTmImport } from "../lib/tm-csv"
import { ImportPreview, RowErrors } from "./import-preview"
import { LanguageCodeField } from "./language-code-field"

const isCsv = (file: File) => file.type === "text/csv" || file.name.toLowerCase().endsWith(".csv")
const entries = (n: number) => (n === 1 ? "1 entry" : `${n} entries`)

/** Pick a file, fill in the languages its rows lack, see what will be added, then add it. */
export function ImportCsvForm({
  importer,
  onDone,
}: {
  importer: ReturnType<typeof useImportTmEntries>
  onDone: () => void
}) {
  const fileId = React.useId()
  const [rows, setRows] = React.useState<CsvRow[] | null>(null)
  const [fileError, setFileError] = React.useState<string | null>(null)
  const [sourceLanguage, setSourceLanguage] = React.useState("en")
  const [targetLanguage, setTargetLanguage] = React.useState("")
  const [finished, setFinished] = React.useState(0)

  const needsSource = rows?.some((row) => !row.sourceLanguage) ?? false
  const needsTarget = rows?.some((row) => !row.targetLanguage) ?? false
  const targetMissing = needsTarget && !targetLanguage.trim()
  const plan = React.useMemo(
    () =>
      rows &&
      planTmImport(rows, {
        sourceLanguage: sourceLanguage.trim(),
        targetLanguage: targetLanguage.trim(),
      }),
    [rows, sourceLanguage, targetLanguage],
  )
  const outcome = importer.data
  const busy = importer.isPending

  const onFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    importer.reset()
    setRows(null)
    setFileError(null)
    if (!file) return
    if (!isCsv(file)) return setFileError("Please choose a CSV file (.csv).")
    try {
      setRows(parseTmCsv(await file.text()))
    } catch (error) {
      setFileError(error instanceof CsvFileError ? error.message : "The file could not be read.")
    }
  }

  const start = () => {
    if (!plan?.entries.length || targetMissing) return
    setFinished(0)
    importer.mutate(
      { entries: plan.entries, onProgress: setFinished },
      {
        onSuccess: ({ added, failed }) => {
          if (added) toast.success("Import finished", { description: `${entries(added)} added` })
          if (!failed.length) onDone()
        },
      },
    )
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={fileId}>CSV file</Label>
        <Input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          onChange={(event) => void onFile(event)}
          className="cursor-pointer pt-1.5 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-secondary file:px-2 file:text-sm file:font-medium file:text-secondary-foreground"
        />
        {fileError && (
          <p
            id={`${fileId}-error`}
            role="alert"
            className="text-sm text-destructive dark:text-red-400"
          >
            {fileError}
          </p>
        )}
      </div>
      {rows && !outcome && (needsSource || needsTarget) && (
        <div className="grid gap-4 sm:grid-cols-2">
          {needsSource && (
            <LanguageCodeField
              label="Source language"
              value={sourceLanguage}
              onChange={(event) => setSourceLanguage(event.target.value)}
              disabled={busy}
            />
          )}
          {needsTarget && (
            <LanguageCodeField
              label="Target language"
              placeholder="e.g. de, fr, pt-br"
              value={targetLanguage}
              onChange={(event) => setTargetLanguage(event.target.value)}
              onPick={setTargetLanguage}
              suggest
              disabled={busy}
              error={
                targetMissing ? "Choose the language of rows without a target_language" : undefined
              }
            />
          )}
        </div>
      )}
      {plan && !targetMissing && !busy && !outcome && (
        <ImportPreview adding={plan.entries.length} errors={plan.errors} />
      )}
      {busy && plan && (
        <div className="grid gap-2">
          <p
            className="text-sm"
            aria-live="polite"
          >{`Adding ${finished} of ${plan.entries.length}...`}</p>
          <div
            role="progressbar"
            aria-label="Import progress"
            aria-valuemin={0}
            aria-valuemax={plan.entries.length}
            aria-valuenow={finished}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-[width]"
              style={{ width: `${(finished / Math.max(1, plan.entries.length)) * 100}%` }}
            />
          </div>
        </div>
      )}
      {outcome && outcome.failed.length > 0 && (
        <div className="grid gap-2 text-sm">
          <p role="status" className="font-medium">
            {`${entries(outcome.added)} added; ${outcome.failed.length === 1 ? "1 row" : `${outcome.failed.length} rows`} could not be added.`}
          </p>
          <RowErrors errors={outcome.failed} label="Rows not added" />
        </div>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={busy}>
            {outcome ? "Done" : "Cancel"}
          </Button>
        </DialogClose>
        {!outcome && (
          <Button
            type="button"
            onClick={start}
            disabled={busy || targetMissing || !plan?.entries.length}
          >
            {busy
              ? "Adding..."
              : `Add ${plan && !targetMissing ? entries(plan.entries.length) : "entries"}`}
          </Button>
        )}
      </DialogFooter>
    </div>
  )
}
