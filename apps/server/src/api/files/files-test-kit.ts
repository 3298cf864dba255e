import type { FileCulturalizeResponse } from "@nativ/contracts"
import { sql } from "kysely"

import { batchItem } from "../../engine/packed-batch"
import type { BatchItem, CulturalizeEngine } from "../../engine/types"
import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi } from "../api-test-kit"

/**
 * Answers as a model would (`[fr] text`, placeholders kept; a plural form it is told to write as
 * `[ru:few] text`) and breaks on demand: a text with BROKEN loses its placeholders every time, one
 * with FLAKY only the first time it is asked. Records every call's texts with their notes.
 */
export function modelLikeEngine(): CulturalizeEngine & { calls: BatchItem[][] } {
  const asked = new Set<string>()
  const calls: BatchItem[][] = []
  const answer = (code: string, { text, note }: BatchItem) => {
    const key = `${code}:${text}:${note}`
    const first = !asked.has(key)
    asked.add(key)
    const form = note && /Plural form '(\w+)'/.exec(note)?.[1]
    const translated = `[${code}${form ? `:${form}` : ""}] ${text}`
    if (text.includes("BROKEN") || (text.includes("FLAKY") && first))
      return translated.replace(/\{[^{}]*\}/g, "")
    return translated
  }
  return {
    name: "offline",
    calls,
    culturalize: async (input) => {
      const item = { text: input.text, ...(input.context && { note: input.context }) }
      calls.push([item])
      return { text: answer(input.languageCode, item) }
    },
    culturalizeBatch: async (shared, texts) => {
      const items = texts.map(batchItem)
      calls.push(items)
      return items.map((item) => ({ text: answer(shared.languageCode, item) }))
    },
  }
}

export function culturalizeFile(app: TestApp, user: ApiUser, body: Record<string, unknown>) {
  return callApi<FileCulturalizeResponse>(app, "/files/culturalize", { token: user.token, body })
}

/** The company's balance, its charges and its operations (action:language:cost:tool:file). */
export async function books(app: TestApp, userId: string) {
  const { rows } = await sql<{ credits: number; charges: number; operations: string[] }>`
    select u.credits,
      (select count(*)::int from public.credit_ledger l
        where l.user_id = u.id and l.reason = 'culturalize') as charges,
      array(select o.action || ':' || o.language || ':' || o.cost || ':' || o.tool || ':' || o.file_id
        from public.operations o where o.user_id = u.id order by o.id) as operations
    from public.users u where u.id = ${userId}
  `.execute(app.deps.database.db)
  return { ...rows[0]!, credits: Number(rows[0]!.credits) }
}
