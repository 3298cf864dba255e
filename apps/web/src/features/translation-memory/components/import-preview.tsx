import type { RowError } from "../lib/tm-csv"

/** Row problems shown at most; the rest are counted. */
const SHOWN = 20

/** 'N rows will be imported' and the rows that will be skipped, each with its reason. */
export function ImportPreview({ adding, errors }: { adding: number; errors: RowError[] }) {
  return (
    <div className="grid gap-2 text-sm">
      <p role="status" className="font-medium">
        {adding === 1 ? "1 row will be imported." : `${adding} rows will be imported.`}
        {" Entries already in the memory are left unchanged."}
        {errors.length > 0 &&
          ` ${errors.length === 1 ? "1 row has" : `${errors.length} rows have`} errors and will be skipped.`}
      </p>
      {errors.length > 0 && <RowErrors errors={errors} label="Rows with errors" />}
    </div>
  )
}

/** A short list of rows and why each was refused. */
export function RowErrors({ errors, label }: { errors: RowError[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="grid max-h-40 gap-1 overflow-y-auto rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm"
    >
      {errors.slice(0, SHOWN).map(({ row, message }) => (
        <li key={row} className="break-words">
          <span className="font-medium">Row {row}:</span> {message}
        </li>
      ))}
      {errors.length > SHOWN && (
        <li className="text-muted-foreground">and {errors.length - SHOWN} more</li>
      )}
    </ul>
  )
}
