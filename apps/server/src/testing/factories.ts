import { randomUUID } from "node:crypto"

import { createClient, type SupabaseClient } from "@supabase/supabase-js"
import { sql } from "kysely"
import ws from "ws"

import { applyCreditDelta } from "../billing/ledger"
import type { AppDeps } from "../deps"

/**
 * Test data from small factories. Users are inserted straight into auth.users (the accounts
 * trigger creates public.users and public.end_users) and get an access token signed like
 * /auth/v1's; PostgREST-style endpoints only verify the token's signature, so no session is needed.
 */
export type TestUser = {
  id: string
  email: string
  token: string
  /** supabase-js against the app, sending this user's token on every REST and functions call. */
  client(): SupabaseClient
}

type AppLike = { url: string; deps: AppDeps }

export async function createTestUser(
  app: AppLike,
  options: { email?: string; companyName?: string; credits?: number } = {},
): Promise<TestUser> {
  const { deps } = app
  const id = randomUUID()
  const email = options.email ?? `user-${id.slice(0, 8)}@example.test`
  const metadata = JSON.stringify({ company_name: options.companyName ?? "Acme Localization" })
  await sql`
    insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
    values (${id}, ${email}, now(), ${metadata}::jsonb, '{"provider":"email","providers":["email"]}'::jsonb)
  `.execute(deps.database.db)
  if (options.credits) await grantCredits(deps, id, options.credits)
  // A real session: /auth, /api and /functions refuse a token whose session does not exist.
  const sessionId = randomUUID()
  await sql`insert into auth.sessions (id, user_id) values (${sessionId}, ${id})`.execute(
    deps.database.db,
  )
  const token = await deps.jwt.sign(
    { sub: id, role: "authenticated", aud: "authenticated", email, session_id: sessionId },
    3600,
    deps.clock(),
  )
  return { id, email, token, client: () => clientWithToken(app, token) }
}

/** A supabase-js client that sends `token` (an access token or a key) as its bearer. */
export function clientWithToken(app: AppLike, token: string): SupabaseClient {
  return createClient(app.url, app.deps.keys.anon, {
    global: { headers: { Authorization: `Bearer ${token}` } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  })
}

/** Adds credits through the ledger, as a purchase would. */
export async function grantCredits(deps: AppDeps, userId: string, credits: number) {
  await applyCreditDelta(deps.database.db, {
    userId,
    delta: credits,
    reason: "adjustment",
    reference: randomUUID(),
  })
}

export type OperationInput = {
  action?: string
  file_id?: string | null
  language?: string | null
  tool?: string
  cost?: number
  created_at?: Date | string
}

/** Inserts operations as the server does (clients cannot); returns their ids, oldest input first. */
export async function insertOperations(
  deps: AppDeps,
  userId: string,
  operations: OperationInput[],
): Promise<number[]> {
  if (operations.length === 0) return []
  const rows = operations.map((op) => ({
    user_id: userId,
    action: op.action ?? "culturalize",
    file_id: op.file_id === undefined ? `file-${randomUUID().slice(0, 8)}` : op.file_id,
    language: op.language === undefined ? "French" : op.language,
    tool: op.tool ?? "dashboard",
    cost: op.cost ?? 1,
    created_at:
      op.created_at === undefined
        ? new Date().toISOString()
        : op.created_at instanceof Date
          ? op.created_at.toISOString()
          : op.created_at,
  }))
  const { rows: inserted } = await sql<{ id: number }>`
    insert into public.operations (user_id, action, file_id, language, tool, cost, created_at)
    select user_id, action, file_id, language, tool, cost, created_at
    from json_populate_recordset(null::public.operations, ${JSON.stringify(rows)}::json)
    returning id
  `.execute(deps.database.db)
  return inserted.map((r) => Number(r.id))
}
