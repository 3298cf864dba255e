import { sql } from "kysely"
import type { Adapter, AdapterPayload } from "oidc-provider"

import type { Db } from "../db/schema"

type Row = { payload: AdapterPayload; consumed_at: Date | null }

/** Rows a day past their expiry are deleted, at most this often per process. */
const SWEEP_EVERY_MS = 10 * 60 * 1000

/**
 * oidc-provider's storage in nativ.oauth_records (its migration says what each column is for), so
 * tokens survive restarts and every replica sees the same ones. Expiry is oidc-provider's to check
 * (with the process's clock, as it computes `exp`); dead rows are swept now and then.
 */
export function oauthAdapter(db: Db) {
  let lastSweep = 0
  const sweep = async () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = Date.now()
    await sql`delete from nativ.oauth_records
      where expires_at < ${new Date(Date.now() - 24 * 3600 * 1000)}`.execute(db)
  }
  return class PostgresAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null
      await sql`
        insert into nativ.oauth_records
          (model, id, payload, grant_id, user_code, uid, account_id, client_id, expires_at)
        values (${this.model}, ${id}, ${JSON.stringify(payload)}::jsonb, ${payload.grantId ?? null},
          ${payload.userCode ?? null}, ${payload.uid ?? null}, ${payload.accountId ?? null},
          ${payload.clientId ?? null}, ${expiresAt})
        on conflict (model, id) do update set payload = excluded.payload,
          grant_id = excluded.grant_id, user_code = excluded.user_code, uid = excluded.uid,
          account_id = excluded.account_id, client_id = excluded.client_id,
          expires_at = excluded.expires_at
      `.execute(db)
      await sweep()
    }

    async find(id: string) {
      return this.one(sql`id = ${id}`)
    }

    async findByUserCode(userCode: string) {
      return this.one(sql`user_code = ${userCode}`)
    }

    async findByUid(uid: string) {
      return this.one(sql`uid = ${uid}`)
    }

    async consume(id: string) {
      await sql`update nativ.oauth_records set consumed_at = now()
        where model = ${this.model} and id = ${id}`.execute(db)
    }

    async destroy(id: string) {
      await sql`delete from nativ.oauth_records where model = ${this.model} and id = ${id}`.execute(
        db,
      )
    }

    async revokeByGrantId(grantId: string) {
      await sql`delete from nativ.oauth_records where grant_id = ${grantId}`.execute(db)
    }

    private async one(where: ReturnType<typeof sql>) {
      // Expired rows are returned too: oidc-provider checks `exp` itself, and tells an expired
      // device code (expired_token, "That code has expired") from an unknown one.
      const { rows } = await sql<Row>`
        select payload, consumed_at from nativ.oauth_records
        where model = ${this.model} and ${where}
      `.execute(db)
      const row = rows[0]
      if (!row) return undefined
      return row.consumed_at
        ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : row.payload
    }
  }
}
