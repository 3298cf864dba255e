import type { ApiKey } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"

type ApiKeyRow = {
  id: string
  name: string
  key_preview: string
  created_at: Date
  expires_at: Date | null
  last_used_at: Date | null
}

export function toApiKey(row: ApiKeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    key_preview: row.key_preview,
    is_active: !row.expires_at || row.expires_at > now,
    created_at: row.created_at.toISOString(),
    expiry_date: row.expires_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
  }
}

/** The account's keys that are not revoked, newest first (expired ones stay listed, as Expired). */
export async function listApiKeys(db: Db, userId: string) {
  const { rows } = await sql<ApiKeyRow>`
    select id, name, key_preview, created_at, expires_at, last_used_at
    from public.api_keys
    where user_id = ${userId} and revoked_at is null
    order by created_at desc, id
  `.execute(db)
  return rows
}

export async function insertApiKey(
  db: Db,
  key: { userId: string; name: string; hash: string; preview: string; expiresAt: Date | null },
) {
  const { rows } = await sql<ApiKeyRow>`
    insert into public.api_keys (user_id, name, key_hash, key_preview, expires_at)
    values (${key.userId}, ${key.name}, ${key.hash}, ${key.preview}, ${key.expiresAt})
    returning id, name, key_preview, created_at, expires_at, last_used_at
  `.execute(db)
  return rows[0]!
}

/** Marks the key revoked; false when it is not this account's or already revoked. */
export async function revokeApiKey(db: Db, userId: string, id: string, now: Date) {
  const result = await sql`
    update public.api_keys set revoked_at = ${now}
    where id = ${id} and user_id = ${userId} and revoked_at is null
  `.execute(db)
  return Number(result.numAffectedRows ?? 0) > 0
}
