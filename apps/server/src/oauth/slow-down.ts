import { sql } from "kysely"

import type { AppDeps } from "../deps"

/**
 * RFC 8628's slow_down: a device polling the token endpoint sooner than the interval it was given
 * is told to back off (it adds 5 s to its interval). The last poll is kept on the device code's
 * row, so replicas agree; an unknown code is left to oidc-provider to refuse.
 */
export async function slowDown(
  deps: Pick<AppDeps, "database" | "env">,
  deviceCode: string,
): Promise<{ error: string; error_description: string } | null> {
  const now = new Date()
  const { rows } = await sql<{ previous: Date | null }>`
    update nativ.oauth_records r set last_used_at = ${now}
    from (select last_used_at as previous from nativ.oauth_records
      where model = 'DeviceCode' and id = ${deviceCode}) p
    where r.model = 'DeviceCode' and r.id = ${deviceCode}
    returning p.previous
  `.execute(deps.database.db)
  const previous = rows[0]?.previous
  const interval = deps.env.OAUTH_DEVICE_POLL_INTERVAL_SECONDS * 1000
  if (!previous || now.getTime() - previous.getTime() >= interval) return null
  return {
    error: "slow_down",
    error_description: `polling too often: wait at least ${deps.env.OAUTH_DEVICE_POLL_INTERVAL_SECONDS + 5} seconds between requests`,
  }
}
