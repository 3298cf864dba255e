import { createHmac, hkdfSync, randomInt, timingSafeEqual } from "node:crypto"

import { sql } from "kysely"

import type { Db } from "../db/schema"
import type { AppDeps } from "../deps"

/** How many codes a set holds; a new set voids the old one. */
export const RECOVERY_CODE_COUNT = 10

// Lower-case letters and digits without the look-alikes 0/o, 1/l/i: 31 symbols, 10 per code
// (about 49 bits), shown as two groups of five: "k7m2p-x9qrd".
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
const LENGTH = 10

export function newRecoveryCode(): string {
  let code = ""
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** What a person typed, as it is hashed: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, "")
}

function hashKey(deps: Pick<AppDeps, "jwt">): Buffer {
  return Buffer.from(hkdfSync("sha256", deps.jwt.deriveKey("mfa"), "nativ", "recovery-codes", 32))
}

/** The stored form: HMAC-SHA-256 under a server key, so a copy of the table alone is useless. */
export function hashRecoveryCode(deps: Pick<AppDeps, "jwt">, code: string): string {
  return createHmac("sha256", hashKey(deps)).update(normalizeRecoveryCode(code)).digest("hex")
}

/** Replaces the user's codes with a new set; returns the codes, which are never stored. */
export async function replaceRecoveryCodes(
  trx: Db,
  deps: Pick<AppDeps, "jwt">,
  userId: string,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await sql`delete from auth.mfa_recovery_codes where user_id = ${userId}::uuid`.execute(trx)
  for (const code of codes)
    await sql`insert into auth.mfa_recovery_codes (user_id, code_hash, created_at)
      values (${userId}::uuid, ${hashRecoveryCode(deps, code)}, ${now})`.execute(trx)
  return codes
}

export type RecoveryCodeStatus = { remaining: number; created_at: string | null }

export async function recoveryCodeStatus(db: Db, userId: string): Promise<RecoveryCodeStatus> {
  const { rows } = await sql<{ remaining: string | number; created_at: Date | null }>`
    select count(*) filter (where used_at is null) as remaining, max(created_at) as created_at
    from auth.mfa_recovery_codes where user_id = ${userId}::uuid`.execute(db)
  const row = rows[0]
  return {
    remaining: Number(row?.remaining ?? 0),
    created_at: row?.created_at ? new Date(row.created_at).toISOString() : null,
  }
}

/**
 * Uses one of the user's unused codes, in the caller's transaction: every unused hash is compared
 * in constant time (no early exit), and the match is marked used by one conditional UPDATE, so of
 * two requests with the same code only one can succeed. Returns false for a wrong or used code.
 */
export async function consumeRecoveryCode(
  trx: Db,
  deps: Pick<AppDeps, "jwt">,
  userId: string,
  input: string,
  now: Date,
): Promise<boolean> {
  const given = Buffer.from(hashRecoveryCode(deps, input), "hex")
  const { rows } = await sql<{ id: string; code_hash: string }>`select id, code_hash
    from auth.mfa_recovery_codes where user_id = ${userId}::uuid and used_at is null`.execute(trx)
  let match: string | null = null
  for (const row of rows) {
    const equal = timingSafeEqual(Buffer.from(row.code_hash, "hex"), given)
    if (equal && match === null) match = row.id
  }
  if (match === null) return false
  const used = await sql<{ id: string }>`update auth.mfa_recovery_codes set used_at = ${now}
    where id = ${match}::uuid and used_at is null returning id`.execute(trx)
  return used.rows.length === 1
}
