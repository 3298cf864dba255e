import { sql } from "kysely"

import type { Db } from "../db/schema"

/** An enrolment not verified within an hour is abandoned: no longer listed, challenged or verified. */
export const UNVERIFIED_FACTOR_TTL_MS = 3_600_000
/** Supabase Auth's default limit of factors per user. */
export const MAX_FACTORS_PER_USER = 10

export type FactorRow = {
  id: string
  user_id: string
  friendly_name: string
  factor_type: "totp"
  status: "verified" | "unverified"
  secret: string
  last_used_step: string | null
  last_challenged_at: Date | null
  created_at: Date
  updated_at: Date
}

/** An SQL condition: the factor is verified, or its enrolment is less than an hour old. */
export const isLiveFactor = (now: Date) =>
  sql`(status = 'verified' or created_at > ${new Date(now.getTime() - UNVERIFIED_FACTOR_TTL_MS)})`

export async function findLiveFactor(
  db: Db,
  userId: string,
  factorId: string,
  now: Date,
  lock = false,
): Promise<FactorRow | undefined> {
  const { rows } = await sql<FactorRow>`select * from auth.mfa_factors
    where id = ${factorId}::uuid and user_id = ${userId}::uuid and ${isLiveFactor(now)}
    ${lock ? sql`for update` : sql``}`.execute(db)
  return rows[0]
}

/** The factors as Supabase Auth lists them in `user.factors` (never the secret). */
export function toFactorResponse(factor: Omit<FactorRow, "secret" | "user_id" | "last_used_step">) {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: new Date(factor.created_at).toISOString(),
    updated_at: new Date(factor.updated_at).toISOString(),
    ...(factor.last_challenged_at
      ? { last_challenged_at: new Date(factor.last_challenged_at).toISOString() }
      : {}),
  }
}

export type FactorResponse = ReturnType<typeof toFactorResponse>
