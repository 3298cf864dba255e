import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"

/**
 * The JWT secret: JWT_SECRET when set, else one generated on first run and kept in DATA_DIR
 * (readable by the owner only) so tokens and the anon key survive restarts.
 */
export function loadJwtSecret(
  configured: string | undefined,
  dataDir: string,
): { secret: string; source: string } {
  if (configured) return { secret: configured, source: "JWT_SECRET" }
  const path = join(dataDir, "jwt-secret")
  if (existsSync(path)) return { secret: readFileSync(path, "utf8").trim(), source: path }
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString("base64url")
  writeFileSync(path, secret + "\n", { mode: 0o600 })
  return { secret, source: `${path} (generated)` }
}
