import {
  parseTmCsv,
  parseTmx,
  TM_UPLOAD_ERRORS_LISTED,
  TM_UPLOAD_ROWS_MAX,
  type TmBulkUploadFields,
  type TmBulkUploadResult,
  type TmEntryCreate,
  tmEntryCreateSchema,
  TmFileError,
  type TmFileRowError,
} from "@nativ/contracts"

import { recordAuditEvent } from "../../audit/record"
import type { Db } from "../../db/schema"
import { ApiError } from "../api-error"
import { addMissingEntries } from "./tm-bulk.repo"

type Format = TmBulkUploadResult["format"]

const unsupported = () =>
  new ApiError(
    415,
    "unsupported_media_type",
    "file: upload a CSV file (.csv) or a TMX 1.4 file (.tmx).",
  )
const invalid = (message: string) => new ApiError(400, "invalid_request", message)

/**
 * POST /master-tm/bulk-upload's work: reads the file (CSV or TMX, told by its name, then its
 * type, then its first characters), checks every entry as POST /master-tm/entries does, and adds
 * those the memory lacks. An unreadable file is a 400 naming where; a bad row is listed in the
 * answer's errors and the others are still added.
 */
export async function uploadEntries(
  db: Db,
  companyId: string,
  file: File,
  fields: TmBulkUploadFields,
  actorId: string | null,
): Promise<TmBulkUploadResult> {
  const text = decode(new Uint8Array(await file.arrayBuffer()))
  const format = formatOf(file, text)
  let contents
  try {
    contents = format === "tmx" ? parseTmx(text, fields.source_language_code) : parseTmCsv(text)
  } catch (error) {
    if (error instanceof TmFileError) throw invalid(`file: ${error.message}`)
    throw error
  }
  const totalRows = contents.rows.length + contents.errors.length
  if (totalRows === 0) throw invalid("file: the file holds no entries.")
  if (totalRows > TM_UPLOAD_ROWS_MAX)
    throw new ApiError(
      413,
      "invalid_request",
      `file: the file holds ${totalRows.toLocaleString("en-US")} entries; upload at most ${TM_UPLOAD_ROWS_MAX.toLocaleString("en-US")} at a time.`,
    )

  const errors: TmFileRowError[] = [...contents.errors]
  const entries: TmEntryCreate[] = []
  for (const row of contents.rows) {
    const checked = tmEntryCreateSchema.safeParse({
      source_text: row.source_text,
      target_text: row.target_text,
      source_language_code: row.source_language_code ?? fields.source_language_code ?? "en",
      target_language_code: row.target_language_code ?? fields.target_language_code,
      information_source: fields.information_source ?? "import",
      source_name: row.source_name ?? fields.source_name ?? null,
    })
    if (checked.success) entries.push(checked.data)
    else errors.push({ row: row.row, message: checked.error.issues[0]?.message ?? "invalid entry" })
  }
  errors.sort((a, b) => a.row - b.row)
  const unique = uniqueEntries(entries)
  const { added, updated } = await addMissingEntries(db, companyId, unique, (trx, done) =>
    recordAuditEvent(trx, {
      companyId,
      actorId,
      action: "memory.imported",
      target: file.name ? file.name.slice(0, 200) : null,
      details: {
        format,
        ...done,
        unchanged: entries.length - done.added - done.updated,
        failed: errors.length,
      },
    }),
  )
  return {
    success: true,
    format,
    total_rows: totalRows,
    added,
    updated,
    skipped: entries.length - added - updated,
    failed: errors.length,
    errors: errors.slice(0, TM_UPLOAD_ERRORS_LISTED),
  }
}

/** The first of entries with the same texts and languages. */
function uniqueEntries(entries: TmEntryCreate[]) {
  const seen = new Set<string>()
  return entries.filter((e) => {
    // NUL never occurs in a checked entry (refuseUnstorable), so it cannot blur two keys.
    const key = [e.source_language_code, e.target_language_code, e.source_text, e.target_text].join(
      "\0",
    )
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** UTF-8, or UTF-16 with its byte order mark; anything else is not a text file. */
function decode(bytes: Uint8Array): string {
  if (bytes.length === 0) throw invalid("file: the file is empty.")
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? "utf-16le"
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? "utf-16be"
        : "utf-8"
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes)
  } catch {
    throw unsupported()
  }
}

function formatOf(file: File, text: string): Format {
  const name = file.name.toLowerCase()
  if (/\.(csv|tsv|txt)$/.test(name)) return "csv"
  if (/\.(tmx|xml)$/.test(name)) return "tmx"
  if (/\.[a-z0-9]{1,8}$/.test(name)) throw unsupported()
  const type = file.type.toLowerCase()
  if (/csv|tab-separated-values|^text\/plain/.test(type)) return "csv"
  if (/tmx|xml/.test(type)) return "tmx"
  const start = text.replace(/^\uFEFF/, "").trimStart()
  if (start.startsWith("<?xml") || start.startsWith("<tmx")) return "tmx"
  const isText = [...start.slice(0, 1000)].every((ch) => ch >= " " || "\t\n\r".includes(ch))
  if (isText && start.includes("\n")) return "csv"
  throw unsupported()
}
