import { sql } from "kysely"

import type { Db } from "../../db/schema"

/** Whether the company keeps the texts of new requests (Settings → General). */
export async function readKeepRequestTexts(db: Db, companyId: string): Promise<boolean> {
  const { rows } = await sql<{ keep: boolean }>`
    select keep_request_texts as keep from public.users where id = ${companyId}
  `.execute(db)
  return rows[0]?.keep ?? false
}

/** Sets the choice under the company row's lock; returns it as it was before. */
export async function writeKeepRequestTexts(
  db: Db,
  companyId: string,
  enabled: boolean,
): Promise<{ before: boolean }> {
  const { rows } = await sql<{ before: boolean }>`
    update public.users u set keep_request_texts = ${enabled}
    from (select keep_request_texts from public.users where id = ${companyId} for update) old
    where u.id = ${companyId}
    returning old.keep_request_texts as before
  `.execute(db)
  return { before: rows[0]?.before ?? false }
}
