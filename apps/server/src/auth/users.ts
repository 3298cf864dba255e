import { sql } from "kysely"

import type { Db } from "../db/schema"
import { type FactorRow, toFactorResponse } from "./factors"

/** An auth.users row with its email identity (null for a fake user). */
export type UserRow = {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  invited_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  created_at: Date
  updated_at: Date
  banned_until: Date | null
  is_anonymous: boolean
  identity_id: string | null
  identity_created_at: Date | null
  identity_updated_at: Date | null
  identity_last_sign_in_at: Date | null
  /** Verified factors and enrolments under an hour old, oldest first (without secrets). */
  factors: Pick<
    FactorRow,
    | "id"
    | "friendly_name"
    | "factor_type"
    | "status"
    | "created_at"
    | "updated_at"
    | "last_challenged_at"
  >[]
}

const selectUser = sql`
  select u.id, u.aud, u.role, u.email, u.encrypted_password, u.email_confirmed_at, u.invited_at,
    u.confirmation_sent_at, u.recovery_sent_at, u.last_sign_in_at, u.raw_app_meta_data,
    u.raw_user_meta_data, u.created_at, u.updated_at, u.banned_until, u.is_anonymous,
    i.id as identity_id, i.created_at as identity_created_at,
    i.updated_at as identity_updated_at, i.last_sign_in_at as identity_last_sign_in_at,
    -- One hour is UNVERIFIED_FACTOR_TTL_MS; the database's now() is enough to fade abandoned
    -- enrolments out of the list (the factor routes check them against the app clock).
    coalesce((select jsonb_agg(jsonb_build_object('id', f.id, 'friendly_name', f.friendly_name,
        'factor_type', f.factor_type, 'status', f.status, 'created_at', f.created_at,
        'updated_at', f.updated_at, 'last_challenged_at', f.last_challenged_at)
        order by f.created_at)
      from auth.mfa_factors f where f.user_id = u.id and (f.status = 'verified'
        or f.created_at > now() - interval '1 hour')),
      '[]'::jsonb) as factors
  from auth.users u
  left join auth.identities i on i.user_id = u.id and i.provider = 'email'`

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { rows } = await sql<UserRow>`${selectUser}
    where lower(u.email) = lower(${email}) and u.deleted_at is null`.execute(db)
  return rows[0]
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const { rows } = await sql<UserRow>`${selectUser}
    where u.id = ${id}::uuid and u.deleted_at is null`.execute(db)
  return rows[0]
}

export type NewUser = {
  email: string
  passwordHash: string | null
  metadata: Record<string, unknown>
  now: Date
  invited?: boolean
  /**
   * Server-only metadata (never settable by the user). `nativ_company_id` and `nativ_role` make
   * the new user a member of that company instead of the founder of a new one.
   */
  appMetadata?: Record<string, unknown>
}

/**
 * Inserts the user and its email identity (the trigger on auth.users adds the public.users and
 * public.end_users rows — or, for a member invited into a company, only the end_users row — in the
 * same statement). Returns undefined when the email is already taken,
 * also when a concurrent request took it a moment ago. Call inside a transaction.
 */
export async function insertUser(trx: Db, user: NewUser): Promise<string | undefined> {
  const appMetadata = { provider: "email", providers: ["email"], ...user.appMetadata }
  const { rows } = await sql<{ id: string }>`
    insert into auth.users (email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
      invited_at, created_at, updated_at)
    values (${user.email}, ${user.passwordHash}, ${JSON.stringify(appMetadata)}::jsonb,
      ${JSON.stringify(user.metadata)}::jsonb, ${user.invited ? user.now : null}, ${user.now},
      ${user.now})
    on conflict do nothing
    returning id`.execute(trx)
  const id = rows[0]?.id
  if (!id) return undefined
  await sql`insert into auth.identities (provider_id, user_id, provider, created_at, updated_at)
    values (${id}, ${id}::uuid, 'email', ${user.now}, ${user.now})`.execute(trx)
  return id
}

export function isConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined)

/** The user as Supabase Auth returns it; null optional fields are omitted. */
export function toUserResponse(user: UserRow) {
  const confirmedAt = iso(user.email_confirmed_at)
  const identities = user.identity_id
    ? [
        {
          identity_id: user.identity_id,
          id: user.id,
          user_id: user.id,
          identity_data: {
            sub: user.id,
            email: user.email,
            email_verified: confirmedAt !== undefined,
            phone_verified: false,
          },
          provider: "email",
          last_sign_in_at: iso(user.identity_last_sign_in_at),
          created_at: iso(user.identity_created_at),
          updated_at: iso(user.identity_updated_at),
          email: user.email,
        },
      ]
    : []
  return {
    id: user.id,
    aud: user.aud ?? "authenticated",
    role: user.role ?? "authenticated",
    email: user.email ?? undefined,
    email_confirmed_at: confirmedAt,
    phone: "",
    confirmed_at: confirmedAt,
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: { provider: "email", providers: ["email"], ...user.raw_app_meta_data },
    user_metadata: user.raw_user_meta_data,
    identities,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
    // Supabase Auth omits the key when there are none; auth-js reads `factors ?? []`.
    ...(user.factors.length ? { factors: user.factors.map(toFactorResponse) } : {}),
  }
}

export type UserResponse = ReturnType<typeof toUserResponse>

/**
 * What sign-up answers for an email that is already registered (confirmed or invited): a user
 * with a new random id, role "" and no identities, so the response does not reveal the account
 * while the dashboard can still tell "already registered" from `identities.length === 0`.
 */
export function fakeUserResponse(email: string, metadata: Record<string, unknown>, now: Date) {
  return {
    ...toUserResponse({
      id: crypto.randomUUID(),
      aud: "authenticated",
      role: "",
      email,
      encrypted_password: null,
      email_confirmed_at: null,
      invited_at: null,
      confirmation_sent_at: now,
      recovery_sent_at: null,
      last_sign_in_at: null,
      raw_app_meta_data: {},
      raw_user_meta_data: metadata,
      created_at: now,
      updated_at: now,
      banned_until: null,
      is_anonymous: false,
      identity_id: null,
      identity_created_at: null,
      identity_updated_at: null,
      identity_last_sign_in_at: null,
      factors: [],
    }),
  }
}
