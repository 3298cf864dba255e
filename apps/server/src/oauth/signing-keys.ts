import { generateKeyPairSync, randomUUID } from "node:crypto"

import { sql } from "kysely"
import type { JWK } from "oidc-provider"

import type { Db } from "../db/schema"

/**
 * The key that signs ID tokens (an app that asks for `openid`), made by the first server that
 * needs one and then read by every replica and after every restart, so a token signed before a
 * restart still verifies against /oauth/jwks. Two first starts racing keep the one that landed.
 */
export async function loadSigningKeys(db: Db): Promise<JWK[]> {
  const existing = await read(db)
  if (existing.length > 0) return existing
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 })
  const jwk = {
    ...privateKey.export({ format: "jwk" }),
    kid: randomUUID(),
    use: "sig",
    alg: "RS256",
  }
  await sql`insert into nativ.oauth_signing_keys (kid, jwk)
    select ${jwk.kid}, ${JSON.stringify(jwk)}::jsonb
    where not exists (select 1 from nativ.oauth_signing_keys)`.execute(db)
  return read(db)
}

async function read(db: Db): Promise<JWK[]> {
  const { rows } = await sql<{ jwk: JWK }>`
    select jwk from nativ.oauth_signing_keys order by created_at limit 1`.execute(db)
  return rows.map((row) => row.jwk)
}
