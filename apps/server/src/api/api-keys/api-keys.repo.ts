import type { ApiKey } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"
import { ApiError } from "../api-error"
import { CREDITS_USED_THIS_MONTH } from "./key-usage.repo"

type ApiKeyRow = {
  id: string
  name: string
  key_preview: string
  created_at: Date
  expires_at: Date | null
  last_used_at: Date | null
  created_by_email: string | null
  // bigint: a string from node-postgres, a number from PGlite
  monthly_credit_cap: string | number | null
  credits_used_this_month: string | number
}

const KEY_COLUMNS = sql`id, name, key_preview, created_at, expires_at, last_used_at,
  created_by_email, monthly_credit_cap, ${CREDITS_USED_THIS_MONTH} as credits_used_this_month`

/** Whose keys a caller may see and revoke: the whole company's, or only the ones they created. */
export type KeyScope = { companyId: string; createdBy: string | null; all: boolean }

export function toApiKey(row: ApiKeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    key_preview: row.key_preview,
    is_active: !row.expires_at || row.expires_at > now,
    created_at: row.created_at.toISOString(),
    expiry_date: row.expires_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    created_by: row.created_by_email,
    monthly_credit_cap: row.monthly_credit_cap === null ? null : Number(row.monthly_credit_cap),
    credits_used_this_month: Number(row.credits_used_this_month),
  }
}

/** The keys in scope that are not revoked, newest first (expired ones stay listed, as Expired). */
export async function listApiKeys(db: Db, scope: KeyScope) {
  const { rows } = await sql<ApiKeyRow>`
    select ${KEY_COLUMNS}
    from public.api_keys
    where user_id = ${scope.companyId} and revoked_at is null
      and (${scope.all} or created_by = ${scope.createdBy})
    order by created_at desc, id
  `.execute(db)
  return rows
}

/**
 * Inserts a key. The creator's member row is locked (`for key share`) in the same statement, so a
 * removal either waits for this key and revokes it, or has already deleted the row: then no key is
 * inserted and the caller gets a 403 instead of a foreign-key error.
 */
export async function insertApiKey(
  db: Db,
  key: {
    companyId: string
    createdBy: string | null
    createdByEmail: string | null
    name: string
    hash: string
    preview: string
    expiresAt: Date | null
    monthlyCreditCap: number | null
  },
) {
  const { rows } = await sql<ApiKeyRow>`
    with creator as (
      select id from public.end_users
      where id = ${key.createdBy} and user_id = ${key.companyId}
      for key share
    )
    insert into public.api_keys (user_id, created_by, created_by_email, name, key_hash,
      key_preview, expires_at, monthly_credit_cap)
    select ${key.companyId}, ${key.createdBy}, ${key.createdByEmail}, ${key.name}, ${key.hash},
      ${key.preview}, ${key.expiresAt}, ${key.monthlyCreditCap}
    where ${key.createdBy}::uuid is null or exists (select from creator)
    returning ${KEY_COLUMNS}
  `.execute(db)
  const row = rows[0]
  if (!row)
    throw new ApiError(
      403,
      "not_a_member",
      "You are no longer a member of this company, so you cannot create API keys. Ask an owner or admin to invite you again.",
    )
  return row
}

/** Marks the key revoked; its name, or null when it is not in scope or already revoked. */
export async function revokeApiKey(db: Db, scope: KeyScope, id: string, now: Date) {
  const { rows } = await sql<{ name: string }>`
    update public.api_keys set revoked_at = ${now}
    where id = ${id} and user_id = ${scope.companyId} and revoked_at is null
      and (${scope.all} or created_by = ${scope.createdBy})
    returning name
  `.execute(db)
  return rows[0]?.name ?? null
}

/**
 * Sets or removes (null) a key's monthly credit cap; the key and its previous cap, or null when
 * it is not in scope or revoked. Call it in a transaction: the previous cap is read under the
 * row lock the update then uses.
 */
export async function updateKeyCap(trx: Db, scope: KeyScope, id: string, cap: number | null) {
  const { rows: found } = await sql<{ cap: string | number | null }>`
    select monthly_credit_cap as cap from public.api_keys
    where id = ${id} and user_id = ${scope.companyId} and revoked_at is null
      and (${scope.all} or created_by = ${scope.createdBy})
    for update
  `.execute(trx)
  if (!found[0]) return null
  const { rows } = await sql<ApiKeyRow>`
    update public.api_keys set monthly_credit_cap = ${cap} where id = ${id}
    returning ${KEY_COLUMNS}
  `.execute(trx)
  const previous = found[0].cap
  return { key: rows[0]!, previousCap: previous === null ? null : Number(previous) }
}

/** Revokes every key a member created (when they are removed); how many. */
export async function revokeKeysCreatedBy(db: Db, memberId: string, now: Date) {
  const result = await sql`
    update public.api_keys set revoked_at = ${now}
    where created_by = ${memberId} and revoked_at is null
  `.execute(db)
  return Number(result.numAffectedRows ?? 0)
}
