import { createJwt } from "../identity/jwt"
import { DataDirLockedError } from "../db/data-dir-lock"
import { type Database, openDatabase } from "../db/database"
import type { Env } from "../env"
import { loadJwtSecret } from "../secrets"
import { databaseOptions } from "../services"

/**
 * Where an operator command runs. A PostgreSQL server takes any number of clients, so the command
 * opens the database itself. An embedded (PGlite) data directory is held by the one process that
 * opened it: when a running server holds it, the command asks that server, at the address the
 * server recorded in its lock file (or `--url`), with the service-role key.
 */
export type Target =
  { via: "database"; database: Database } | { via: "api"; url: string; serviceRoleKey: string }

export async function commandTarget(env: Env, url?: string): Promise<Target> {
  try {
    return { via: "database", database: await openDatabase(databaseOptions(env)) }
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    const { secret } = loadJwtSecret(env.JWT_SECRET, env.DATA_DIR)
    return {
      via: "api",
      url: (url ?? error.holder?.url ?? env.PUBLIC_URL).replace(/\/+$/, ""),
      serviceRoleKey: await createJwt(secret, "").serviceRoleKey(),
    }
  }
}

/** POSTs JSON to the running server; its refusal becomes an error naming the status and reason. */
export async function callServer<T>(
  target: Extract<Target, { via: "api" }>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  let res: Response
  try {
    res = await fetch(`${target.url}${path}`, {
      method: "POST",
      headers: {
        apikey: target.serviceRoleKey,
        Authorization: `Bearer ${target.serviceRoleKey}`,
        "Content-Type": "application/json",
        ...headers,
      },
      body: JSON.stringify(body),
    })
  } catch {
    throw new Error(
      `The data directory is in use by a running Nativ server, but no server answered at ${target.url}. ` +
        "Pass that server's address with --url, or stop the server and run the command again.",
    )
  }
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T }
}
