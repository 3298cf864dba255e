import { sql } from "kysely"
import type { Account } from "oidc-provider"

import type { Db } from "../db/schema"

/**
 * An OAuth account is a membership (end_users.id): tokens act for one member of one company. A
 * removed member is not found, so their codes and refresh tokens stop working even before the
 * removal's trigger has deleted them.
 */
export async function findAccount(db: Db, memberId: string): Promise<Account | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(memberId)) return undefined
  const { rows } = await sql<{ id: string }>`
    select id from public.end_users where id = ${memberId}::uuid`.execute(db)
  if (!rows[0]) return undefined
  return { accountId: memberId, claims: () => ({ sub: memberId }) }
}
