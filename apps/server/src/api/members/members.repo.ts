import type { AuditEvent, Member, MemberRole } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"

type MemberRow = {
  id: string
  email: string
  role: MemberRole
  auth_user_id: string | null
  invited_at: Date | null
  joined_at: Date | null
  last_sign_in_at: Date | null
  invitation_expires_at: Date | null
}

const iso = (date: Date | null) => date?.toISOString() ?? null

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.joined_at ? "active" : "invited",
    invited_at: iso(row.invited_at),
    joined_at: iso(row.joined_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    invitation_expires_at: row.joined_at ? null : iso(row.invitation_expires_at),
  }
}

/** The company's name and balance. */
export async function findCompany(db: Db, companyId: string) {
  const { rows } = await sql<{ id: string; name: string | null; credits: string | number }>`
    select id, name, credits from public.users where id = ${companyId}
  `.execute(db)
  const row = rows[0]
  return row ? { id: row.id, name: row.name, credits: Number(row.credits) } : undefined
}

const MEMBER_SELECT = sql`
  select e.id, e.email, e.role, e.auth_user_id, e.invited_at, e.joined_at, u.last_sign_in_at,
    i.expires_at as invitation_expires_at
  from public.end_users e left join auth.users u on u.id = e.auth_user_id
  left join nativ.invitations i on i.member_id = e.id`

/** Everyone in the company: owners first, then admins, then members; oldest first within a role. */
export async function listMembers(db: Db, companyId: string) {
  const { rows } = await sql<MemberRow>`
    ${MEMBER_SELECT}
    where e.user_id = ${companyId}
    order by case e.role when 'owner' then 0 when 'admin' then 1 else 2 end, e.created_at, e.id
  `.execute(db)
  return rows
}

/** One member of the company; undefined when not in it. */
export async function findMember(db: Db, companyId: string, memberId: string) {
  const { rows } = await sql<MemberRow>`
    ${MEMBER_SELECT}
    where e.user_id = ${companyId} and e.id = ${memberId}
  `.execute(db)
  return rows[0]
}

/** One member of the company, locked for the rest of the transaction; undefined when not in it. */
export async function findMemberForUpdate(db: Db, companyId: string, memberId: string) {
  const { rows } = await sql<MemberRow>`
    ${MEMBER_SELECT}
    where e.user_id = ${companyId} and e.id = ${memberId}
    for update of e
  `.execute(db)
  return rows[0]
}

/**
 * How many owners the company has, counted under a lock on its owner rows, so two owners demoting
 * each other at once cannot leave the company with none.
 */
export async function countOwnersForUpdate(db: Db, companyId: string) {
  const { rows } = await sql<{ id: string }>`
    select id from public.end_users where user_id = ${companyId} and role = 'owner' for update
  `.execute(db)
  return rows.length
}

/** The member row of an auth user. */
export async function memberIdOf(db: Db, authUserId: string) {
  const { rows } = await sql<{ id: string }>`
    select id from public.end_users where auth_user_id = ${authUserId}
  `.execute(db)
  return rows[0]?.id
}

export async function setMemberRole(db: Db, memberId: string, role: MemberRole) {
  await sql`update public.end_users set role = ${role} where id = ${memberId}`.execute(db)
}

/** True when some person with this email already has an account (in any company). */
export async function emailIsTaken(db: Db, email: string) {
  const { rows } = await sql`
    select 1 from auth.users where lower(email) = ${email}
    union all
    select 1 from public.end_users where email = ${email}
    limit 1
  `.execute(db)
  return rows.length > 0
}

/**
 * Deletes the member's login. The cascade deletes their sessions, refresh tokens, second factors
 * and end_users row; their API keys keep the creator's email (created_by is set null).
 */
export async function deleteMemberLogin(
  db: Db,
  member: { id: string; auth_user_id: string | null },
) {
  if (member.auth_user_id)
    await sql`delete from auth.users where id = ${member.auth_user_id}`.execute(db)
  await sql`delete from public.end_users where id = ${member.id}`.execute(db)
}

type AuditRow = {
  id: string
  actor_email: string | null
  action: AuditEvent["action"]
  target: string | null
  details: Record<string, unknown>
  created_at: Date
}

/**
 * A page of the company's activity log, newest first, strictly older than `before` when given;
 * only the `action`s (an action, or a kind such as "style_guide") and the `member`'s doings when
 * given. A member is matched by their auth user id, or by email where an event kept only that (a
 * purchase recorded by the ledger).
 */
export async function listAuditEvents(
  db: Db,
  companyId: string,
  page: {
    limit: number
    before?: string | undefined
    action?: string[] | undefined
    member?: string | undefined
  },
) {
  const actions = page.action ?? null
  const member = page.member ?? null
  const { rows } = await sql<AuditRow>`
    select e.id::text as id, e.actor_email, e.action, e.target, e.details, e.created_at
    from public.audit_events e
    where e.company_id = ${companyId}
      and (${page.before ?? null}::bigint is null or e.id < ${page.before ?? null}::bigint)
      and (${actions}::text[] is null or e.action = any(${actions}::text[])
        or split_part(e.action, '.', 1) = any(${actions}::text[]))
      and (${member}::uuid is null or exists (
        select 1 from public.end_users m
        where m.id = ${member}::uuid and m.user_id = ${companyId}
          and (e.actor_id = m.auth_user_id
            or (e.actor_id is null and lower(e.actor_email) = lower(m.email)))))
    order by e.id desc
    limit ${page.limit + 1}
  `.execute(db)
  const events: AuditEvent[] = rows.slice(0, page.limit).map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
  }))
  return { events, next_before: rows.length > page.limit ? events.at(-1)!.id : null }
}
