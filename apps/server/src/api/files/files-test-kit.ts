import type { FileCulturalizeResponse } from "@nativ/contracts"
import { sql } from "kysely"

import type { CulturalizeEngine } from "../../engine/types"
import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi } from "../api-test-kit"

/**
 * Answers as a model would (`[fr] text`, placeholders kept) and breaks on demand: a text with
 * BROKEN loses its placeholders every time, one with FLAKY only the first time it is asked.
 */
export function modelLikeEngine(): CulturalizeEngine & { calls: string[][] } {
  const asked = new Set<string>()
  const calls: string[][] = []
  const answer = (code: string, text: string) => {
    const key = `${code}:${text}`
    const first = !asked.has(key)
    asked.add(key)
    const translated = `[${code}] ${text}`
    if (text.includes("BROKEN") || (text.includes("FLAKY") && first))
      return translated.replace(/\{[^{}]*\}/g, "")
    return translated
  }
  return {
    name: "offline",
    calls,
    culturalize: async (input) => {
      calls.push([input.text])
      return { text: answer(input.languageCode, input.text) }
    },
    culturalizeBatch: async (shared, texts) => {
      calls.push(texts)
      return texts.map((text) => ({ text: answer(shared.languageCode, text) }))
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
