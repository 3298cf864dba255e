import {
  type Glossary,
  glossaryCreateSchema,
  glossaryEntriesUpdateSchema,
  type GlossaryEntry,
  glossaryUpdateSchema,
  type Language,
} from "@nativ/contracts"
import type { z } from "zod"

import type { StubReply, StubRequest } from "@/testing/api-stub"

let sequence = 0

/** One glossary as the server lists it; later calls are newer. */
export function buildGlossary(overrides: Partial<Glossary> = {}): Glossary {
  sequence += 1
  const at = new Date(Date.UTC(2026, 10, 1, 12, sequence)).toISOString()
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`,
    name: `Glossary ${sequence}`,
    language_code: "DE",
    entry_count: 1,
    created_at: at,
    updated_at: at,
    ...overrides,
  }
}

const PREFIX = "/api/v1/glossaries"
const notFound = {
  status: 404,
  json: { error: { code: "not_found", message: "No such glossary" } },
}
const invalid = (error: z.ZodError) => ({
  status: 400,
  json: { error: { code: "invalid_request", message: error.issues[0]?.message } },
})

export const german: Language = {
  id: "l1",
  language: "German",
  language_code: "DE",
  formality: null,
  custom_style: null,
}

/**
 * The company's glossaries answering /glossaries as the server does — listed by name, created,
 * renamed, their entries read and replaced, deleted — with the contract checking each body; and
 * the company's `languages`. `override` may answer a request first.
 */
export function glossaryServer({
  glossaries = [],
  entries = {},
  languages = [german],
  override,
}: {
  glossaries?: Glossary[]
  entries?: Record<string, GlossaryEntry[]>
  languages?: Language[]
  override?: (request: StubRequest) => StubReply | Promise<StubReply> | undefined
} = {}) {
  const state = { glossaries: [...glossaries], entries: { ...entries } }
  const handler = async (request: StubRequest): Promise<StubReply> => {
    const overridden = await override?.(request)
    if (overridden) return overridden
    const { method, url, body } = request
    const path = url.pathname
    if (path === "/api/v1/user/languages") return { json: { languages } }
    if (path === PREFIX && method === "GET") {
      const sorted = [...state.glossaries].sort((a, b) => a.name.localeCompare(b.name))
      return { json: { glossaries: sorted } }
    }
    if (path === PREFIX && method === "POST") {
      const parsed = glossaryCreateSchema.safeParse(body)
      if (!parsed.success) return invalid(parsed.error)
      const { entries: pairs, ...details } = parsed.data
      const glossary = buildGlossary({ ...details, entry_count: pairs.length })
      state.glossaries.push(glossary)
      state.entries[glossary.id] = pairs
      return { status: 201, json: glossary }
    }
    const [id, rest] = path.slice(PREFIX.length + 1).split("/")
    const index = state.glossaries.findIndex((g) => g.id === id)
    if (!path.startsWith(`${PREFIX}/`) || index < 0) return notFound
    const touch = (change: Partial<Glossary>) => {
      const glossary = {
        ...state.glossaries[index]!,
        ...change,
        updated_at: new Date().toISOString(),
      }
      state.glossaries[index] = glossary
      return { json: glossary }
    }
    if (rest === "entries" && method === "GET") return { json: { entries: state.entries[id!] } }
    if (rest === "entries" && method === "PUT") {
      const parsed = glossaryEntriesUpdateSchema.safeParse(body)
      if (!parsed.success) return invalid(parsed.error)
      state.entries[id!] = parsed.data.entries
      return touch({ entry_count: parsed.data.entries.length })
    }
    if (method === "PATCH") {
      const parsed = glossaryUpdateSchema.safeParse(body)
      return parsed.success ? touch(parsed.data) : invalid(parsed.error)
    }
    if (method === "DELETE") {
      state.glossaries.splice(index, 1)
      return { json: { success: true } }
    }
    return { status: 405 }
  }
  return { handler, state }
}
