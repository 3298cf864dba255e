import { type Language, parseTmCsv, parseTmx, type TmEntry } from "@nativ/contracts"

import type { StubReply, StubRequest } from "@/testing/api-stub"

let sequence = 0

/** One entry as the server returns it; later calls are newer. */
export function buildTmEntry(overrides: Partial<TmEntry> = {}): TmEntry {
  sequence += 1
  const at = new Date(Date.UTC(2026, 2, 1, 12, sequence)).toISOString()
  return {
    id: `00000000-0000-4000-9000-${String(sequence).padStart(12, "0")}`,
    source_language_code: "en",
    target_language_code: "de",
    source_text: `Text ${sequence}`,
    target_text: `Text ${sequence} (de)`,
    information_source: "manual",
    source_name: null,
    enabled: true,
    priority: 50,
    created_at: at,
    updated_at: at,
    ...overrides,
  }
}

const PREFIX = "/api/v1/master-tm"
const notFound = { status: 404, json: { error: { code: "not_found", message: "No such entry" } } }

export const german: Language = {
  id: "l1",
  language: "German",
  language_code: "DE",
  formality: null,
  custom_style: null,
}

/**
 * A small translation memory answering /master-tm as the server does: filtered, newest first,
 * paged lists, stats, and adding, changing and deleting entries; and the company's `languages`.
 * `override` may answer a request first.
 */
export function tmServer({
  entries = [],
  languages = [german],
  override,
}: {
  entries?: TmEntry[]
  languages?: Language[]
  override?: (request: StubRequest) => StubReply | Promise<StubReply> | undefined
} = {}) {
  const state = { entries: [...entries] }
  const handler = async (request: StubRequest): Promise<StubReply> => {
    const overridden = await override?.(request)
    if (overridden) return overridden
    const { method, url } = request
    const path = url.pathname
    if (path === "/api/v1/user/languages") return { json: { languages } }
    if (path === `${PREFIX}/stats` && method === "GET") {
      const enabled = state.entries.filter((e) => e.enabled).length
      return {
        json: {
          total: state.entries.length,
          enabled,
          disabled: state.entries.length - enabled,
          by_source: {},
        },
      }
    }
    if (path === `${PREFIX}/entries` && method === "GET") {
      const q = url.searchParams
      const search = q.get("search")?.toLowerCase()
      const matching = state.entries
        .filter(
          (e) =>
            (!search ||
              e.source_text.toLowerCase().includes(search) ||
              e.target_text.toLowerCase().includes(search)) &&
            (!q.get("target_lang") || e.target_language_code === q.get("target_lang")) &&
            (!q.get("information_source") ||
              e.information_source === q.get("information_source")) &&
            (q.get("enabled_only") !== "true" || e.enabled),
        )
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
      const limit = Number(q.get("limit") ?? 100)
      const offset = Number(q.get("offset") ?? 0)
      return {
        json: {
          entries: matching.slice(offset, offset + limit),
          total: matching.length,
          offset,
          limit,
        },
      }
    }
    if (path === `${PREFIX}/entries` && method === "POST") {
      const entry = buildTmEntry(request.body as Partial<TmEntry>)
      state.entries.push(entry)
      return { status: 201, json: entry }
    }
    const id = path.startsWith(`${PREFIX}/entries/`) ? path.split("/").pop() : undefined
    const index = state.entries.findIndex((e) => e.id === id)
    if (index < 0) return notFound
    if (method === "PATCH") {
      const entry = { ...state.entries[index]!, ...(request.body as Partial<TmEntry>) }
      state.entries[index] = entry
      return { json: { success: true, entry } }
    }
    if (method === "DELETE") {
      state.entries.splice(index, 1)
      return { json: { success: true } }
    }
    return { status: 405 }
  }
  /**
   * POST /master-tm/bulk-upload as the server answers it: adds the file's entries the memory
   * lacks, skips the rest, lists bad rows. Called in place of the client's `bulkUploadTm`, since
   * jsdom's File does not survive a multipart body.
   */
  async function upload(file: File, fields: Record<string, string | undefined> = {}) {
    const text = await file.text()
    const tmx = file.name.toLowerCase().endsWith(".tmx")
    const fallback = (name: string) => fields[name]
    const contents = tmx ? parseTmx(text, fallback("source_language_code")) : parseTmCsv(text)
    const errors = [...contents.errors]
    let added = 0
    let skipped = 0
    for (const row of contents.rows) {
      const entry = {
        source_text: row.source_text,
        target_text: row.target_text,
        source_language_code: (
          row.source_language_code ??
          fallback("source_language_code") ??
          "en"
        ).toLowerCase(),
        target_language_code: (
          row.target_language_code ??
          fallback("target_language_code") ??
          ""
        ).toLowerCase(),
        information_source: "import" as const,
        source_name: row.source_name ?? null,
      }
      if (!entry.target_text || !entry.target_language_code) {
        errors.push({ row: row.row, message: "target_text cannot be empty" })
        continue
      }
      const held = state.entries.some(
        (e) =>
          e.source_text === entry.source_text &&
          e.target_text === entry.target_text &&
          e.source_language_code === entry.source_language_code &&
          e.target_language_code === entry.target_language_code,
      )
      if (held) skipped += 1
      else {
        state.entries.push(buildTmEntry(entry))
        added += 1
      }
    }
    return {
      success: true as const,
      format: tmx ? ("tmx" as const) : ("csv" as const),
      total_rows: contents.rows.length + contents.errors.length,
      added,
      // This stub keeps no source names, so it never updates an entry it holds.
      updated: 0,
      skipped,
      failed: errors.length,
      errors,
    }
  }

  return { handler, state, upload }
}
