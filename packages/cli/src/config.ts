import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises"
import { homedir } from "node:os"
import { join } from "node:path"

import type { Io } from "./io"

export const DEFAULT_API_URL = "http://localhost:8080"

/** The server's origin and its product API's base URL, from --api-url, NATIV_API_URL or the default. */
export type Server = { origin: string; apiBase: string }

/**
 * Accepts the server's address with or without `/api/v1` (the SDKs' NATIV_API_URL ends in it), so
 * one variable serves the SDKs and this CLI.
 */
export function resolveServer(flag: string | undefined, env: Io["env"]): Server {
  const raw = flag?.trim() || env.NATIV_API_URL?.trim() || DEFAULT_API_URL
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(
      `"${raw}" is not a URL: give the Nativ server's address, e.g. ${DEFAULT_API_URL}`,
    )
  }
  const path = url.pathname.replace(/\/+$/, "").replace(/\/api\/v1$/, "")
  return { origin: url.origin, apiBase: `${url.origin}${path}/api/v1` }
}

/** A device sign-in's tokens for one server. */
export type StoredTokens = {
  access_token: string
  refresh_token?: string
  /** Epoch milliseconds. */
  expires_at: number
  scope?: string
}

type CredentialsFile = { version: 1; servers: Record<string, StoredTokens> }

/** `NATIV_CONFIG_DIR`, else the platform's per-user config directory plus `nativ`. */
export function configDir(env: Io["env"]): string {
  if (env.NATIV_CONFIG_DIR) return env.NATIV_CONFIG_DIR
  if (process.platform === "win32" && env.APPDATA) return join(env.APPDATA, "nativ")
  if (process.platform === "darwin")
    return join(env.HOME || homedir(), "Library", "Application Support", "nativ")
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config"), "nativ")
}

const credentialsPath = (env: Io["env"]) => join(configDir(env), "credentials.json")

async function readCredentials(env: Io["env"]): Promise<CredentialsFile> {
  try {
    const parsed = JSON.parse(await readFile(credentialsPath(env), "utf8")) as CredentialsFile
    if (parsed?.version === 1 && parsed.servers && typeof parsed.servers === "object") return parsed
  } catch {
    // No file yet, or an unreadable one: signed out.
  }
  return { version: 1, servers: {} }
}

export async function loadTokens(env: Io["env"], origin: string) {
  return (await readCredentials(env)).servers[origin]
}

/** Saves (or with undefined, forgets) a server's tokens; the file is readable by its owner only. */
export async function saveTokens(env: Io["env"], origin: string, tokens: StoredTokens | undefined) {
  const file = await readCredentials(env)
  if (tokens) file.servers[origin] = tokens
  else delete file.servers[origin]
  const path = credentialsPath(env)
  if (Object.keys(file.servers).length === 0) {
    await rm(path, { force: true })
    return
  }
  await mkdir(configDir(env), { recursive: true, mode: 0o700 })
  await writeFile(path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 })
  // An existing file keeps its mode on write: make sure it is 0600.
  await chmod(path, 0o600)
}
