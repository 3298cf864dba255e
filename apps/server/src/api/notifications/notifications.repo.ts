import type { NotificationSettings } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"

type Row = { threshold: number | null; credits: number; below: boolean }

const toSettings = (row: Row): NotificationSettings => ({
  low_balance_threshold: row.threshold === null ? null : Number(row.threshold),
  balance: Number(row.credits),
  below_threshold: row.below,
})

const COLUMNS = sql`low_balance_threshold as threshold, credits, low_balance_below as below`

export async function readNotificationSettings(
  db: Db,
  companyId: string,
): Promise<NotificationSettings> {
  const { rows } = await sql<Row>`
    select ${COLUMNS} from public.users where id = ${companyId}
  `.execute(db)
  return toSettings(rows[0]!)
}

/**
 * Sets the threshold under the company row's lock, so a debit in flight either runs before (and
 * is judged against the old threshold) or after (against the new one). The users trigger
 * recomputes whether the alert is armed and sends nothing. Returns the settings before and after.
 */
export async function writeLowBalanceThreshold(
  db: Db,
  companyId: string,
  threshold: number | null,
): Promise<{ before: NotificationSettings; after: NotificationSettings }> {
  const { rows: locked } = await sql<Row>`
    select ${COLUMNS} from public.users where id = ${companyId} for update
  `.execute(db)
  const { rows } = await sql<Row>`
    update public.users set low_balance_threshold = ${threshold}
    where id = ${companyId}
    returning ${COLUMNS}
  `.execute(db)
  return { before: toSettings(locked[0]!), after: toSettings(rows[0]!) }
}
