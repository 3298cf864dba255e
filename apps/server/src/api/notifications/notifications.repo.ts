import type { NotificationSettings } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"

type Row = { threshold: number | null; credits: number; ever_credited: boolean }

const toSettings = (row: Row): NotificationSettings => {
  const threshold = row.threshold === null ? null : Number(row.threshold)
  const balance = Number(row.credits)
  return {
    low_balance_threshold: threshold,
    balance,
    below_threshold: threshold !== null && row.ever_credited && balance < threshold,
  }
}

export async function readNotificationSettings(
  db: Db,
  companyId: string,
): Promise<NotificationSettings> {
  const { rows } = await sql<Row>`
    select low_balance_threshold as threshold, credits, ever_credited
    from public.users where id = ${companyId}
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
    select low_balance_threshold as threshold, credits, ever_credited
    from public.users where id = ${companyId} for update
  `.execute(db)
  const { rows } = await sql<Row>`
    update public.users set low_balance_threshold = ${threshold}
    where id = ${companyId}
    returning low_balance_threshold as threshold, credits, ever_credited
  `.execute(db)
  return { before: toSettings(locked[0]!), after: toSettings(rows[0]!) }
}
