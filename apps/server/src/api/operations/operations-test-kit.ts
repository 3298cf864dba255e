import { sql } from "kysely"

import type { TestApp } from "../../testing/test-app"

export type SeedOperation = {
  created_at: string
  action?: string
  language?: string | null
  tool?: string
  cost?: number
  api_key_id?: string | null
  member_email?: string | null
}

/** Inserts operations as the server records them, with who made them and with which key. */
export async function seedOperations(app: TestApp, companyId: string, operations: SeedOperation[]) {
  const rows = operations.map((op) => ({
    user_id: companyId,
    action: op.action ?? "culturalize",
    language: op.language === undefined ? "German" : op.language,
    tool: op.tool ?? "api",
    cost: op.cost ?? 1,
    api_key_id: op.api_key_id ?? null,
    member_email: op.member_email ?? null,
    created_at: op.created_at,
  }))
  await sql`
    insert into public.operations
      (user_id, action, language, tool, cost, api_key_id, member_email, created_at)
    select user_id, action, language, tool, cost, api_key_id, member_email, created_at
    from json_populate_recordset(null::public.operations, ${JSON.stringify(rows)}::json)
  `.execute(app.deps.database.db)
}

/**
 * `count` operations in one statement, newest at `newest` and one second apart going back; every
 * tenth made with `apiKeyId`, languages and tools in turn.
 */
export async function seedManyOperations(
  app: TestApp,
  companyId: string,
  count: number,
  newest: string,
  apiKeyId: string,
) {
  await sql`
    insert into public.operations
      (user_id, action, language, tool, cost, api_key_id, member_email, created_at)
    select ${companyId}, 'culturalize', (array['German', 'French', 'Japanese'])[1 + i % 3],
      (array['api', 'figma', 'dashboard', 'mcp'])[1 + i % 4], 1 + i % 50,
      case when i % 10 = 0 then ${apiKeyId}::uuid end, 'owner@example.com',
      ${newest}::timestamptz - make_interval(secs => i)
    from generate_series(0, ${count - 1}) i
  `.execute(app.deps.database.db)
}
