import { randomUUID } from "node:crypto"

import { sql } from "kysely"

import type { Db } from "../../db/schema"

/** A company (its founding user) straight in the database, for translation-memory tests that
 * search through the repository rather than over HTTP. */
export async function newCompany(db: Db): Promise<string> {
  const id = randomUUID()
  await sql`insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
    values (${id}, ${`tm-${id.slice(0, 8)}@example.test`}, now(), '{"company_name":"Acme"}'::jsonb,
      '{"provider":"email","providers":["email"]}'::jsonb)`.execute(db)
  return id
}
