import { createHmac, randomUUID } from "node:crypto"

/** The server the global setup started, and the keys a test needs to talk to it directly. */
export const baseUrl = process.env.E2E_BASE_URL as string

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url")

/** An HS256 JWT signed with the e2e server's JWT_SECRET, as the server signs its API keys. */
export function signJwt(claims: Record<string, unknown>) {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))
  const now = Math.floor(Date.now() / 1000)
  const payload = base64url(JSON.stringify({ iat: now, exp: now + 3600, ...claims }))
  const signature = createHmac("sha256", process.env.E2E_JWT_SECRET as string)
    .update(`${header}.${payload}`)
    .digest("base64url")
  return `${header}.${payload}.${signature}`
}

export const serviceRoleKey = () => signJwt({ iss: "supabase", role: "service_role" })

let anonKey: string | undefined
/** The anon key, as the dashboard reads it from /config.json. */
export async function getAnonKey(): Promise<string> {
  if (!anonKey) {
    const response = await fetch(`${baseUrl}/config.json`)
    anonKey = ((await response.json()) as { supabaseAnonKey: string }).supabaseAnonKey
  }
  return anonKey
}

export async function getConfig() {
  const response = await fetch(`${baseUrl}/config.json`)
  return (await response.json()) as { apiDocsUrl: string; supabaseAnonKey: string }
}

/** A fresh address for one test; `label` makes server logs readable. */
export function uniqueEmail(label: string) {
  return `${label}-${randomUUID().slice(0, 8)}@e2e.nativ.test`
}

/** JSON call to the server with the anon key, or the given bearer token. */
export async function callServer(
  path: string,
  init: { method?: string; body?: unknown; bearer?: string; headers?: Record<string, string> } = {},
) {
  const key = await getAnonKey()
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: {
      apikey: key,
      Authorization: `Bearer ${init.bearer ?? key}`,
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: "manual",
  })
  const text = await response.text()
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = text
  }
  return { status: response.status, headers: response.headers, json }
}
