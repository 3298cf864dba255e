import * as React from "react"
import { toast } from "sonner"

import { Button } from "@/components/ui/button"
import { DialogClose, DialogFooter } from "@/components/ui/dialog"
import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"

import type { ImportOutcome, useImportTmEntries } from "../api/import-tm-entries"
import { CsvFileError, type CsvRow, parseTmCsv, planTmImport } from "../lib/tm-csv"
import { ImportPreview, RowErrors } from "./import-preview"
import { LanguageCodeField } from "./language-code-field"

const isTmx = (file: File) => /\.tmx$/i.test(file.name)
const isCsv = (file: File) => file.type === "text/csv" || /\.csv$/i.test(file.name)
const entries = (n: number) => (n === 1 ? "1 entry" : `${n} entries`)

/**
 * 'N entries added, U updated, M unchanged (already in the memory), K failed': the server's answer
 * in words.
 */
export function importSummary({ added, updated, skipped, failed }: ImportOutcome) {
  const parts = [`${entries(added)} added`]
  if (updated) parts.push(`${updated} updated`)
  parts.push(`${skipped} unchanged (already in the memory)`)
  if (failed) parts.push(`${failed} failed`)
  return parts.join(", ")
}

/**
 * Pick a CSV or TMX file, fill in the languages a CSV's rows lack, see what will be imported, then
 * send the file to the server, which adds only the entries the memory does not hold yet.
 */
export function ImportCsvForm({
  importer,
  onDone,
}: {
  importer: ReturnType<typeof useImportTmEntries>
  onDone: () => void
}) {
  const fileId = React.useId()
  const [file, setFile] = React.useState<File | null>(null)
  const [rows, setRows] = React.useState<CsvRow[] | null>(null)
  const [fileError, setFileError] = React.useState<string | null>(null)
  const [sourceLanguage, setSourceLanguage] = React.useState("en")
  const [targetLanguage, setTargetLanguage] = React.useState("")

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
    const picked = event.target.files?.[0]
    importer.reset()
    setFile(null)
    setRows(null)
    setFileError(null)
    if (!picked) return
    if (isTmx(picked)) return setFile(picked)
    if (!isCsv(picked)) return setFileError("Please choose a CSV file (.csv) or a TMX file (.tmx).")
    try {
      setRows(parseTmCsv(await picked.text()))
      setFile(picked)
    } catch (error) {
      setFileError(error instanceof CsvFileError ? error.message : "The file could not be read.")
    }
  }

  const ready = file && (rows ? !targetMissing && !!plan?.entries.length : true)
  const start = () => {
    if (!file || !ready) return
    const fields = {
      ...(needsSource && sourceLanguage.trim()
        ? { source_language_code: sourceLanguage.trim() }
        : {}),
      ...(needsTarget ? { target_language_code: targetLanguage.trim() } : {}),
    }
    importer.mutate(
      { file, fields },
      {
        onSuccess: (outcome) => {
          toast.success("Import finished", { description: importSummary(outcome) })
          if (!outcome.failed) onDone()
        },
      },
    )
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={fileId}>CSV or TMX file</Label>
        <Input
          id={fileId}
          type="file"
          accept=".csv,text/csv,.tmx"
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
      {file && !rows && !outcome && (
        <p role="status" className="text-sm font-medium">
          A TMX file: each translation unit is read on import.
        </p>
      )}
      {outcome && outcome.failed > 0 && (
        <div className="grid gap-2 text-sm">
          <p role="status" className="font-medium">
            {`${importSummary(outcome)}.`}
          </p>
          <RowErrors errors={outcome.errors} label="Rows not added" />
        </div>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={busy}>
            {outcome ? "Done" : "Cancel"}
          </Button>
        </DialogClose>
        {!outcome && (
          <Button type="button" onClick={start} disabled={busy || !ready}>
            {busy
              ? "Adding..."
              : `Add ${plan && !targetMissing ? entries(plan.entries.length) : "entries"}`}
          </Button>
        )}
      </DialogFooter>
    </div>
  )
}
