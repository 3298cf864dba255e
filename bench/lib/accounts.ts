import { requestJson } from "./http"
import type { Server } from "./server"

export const PASSWORD = "bench-password-1"

export type Session = { accessToken: string; refreshToken: string; userId: string }
export type Account = { email: string; operations: number }

/** Signs up through /auth/v1 and confirms with the emailed token_hash, as a person would. */
export async function createConfirmedAccount(server: Server, email: string) {
  const headers = { apikey: server.anonKey }
  await requestJson(`${server.url}/auth/v1/signup`, {
    headers,
    body: { email, password: PASSWORD, data: { company_name: "Bench Co" } },
  })
  const messages = await requestJson<{ to: string; text: string }[]>(
    `${server.url}/_mail/messages.json?to=${encodeURIComponent(email)}`,
  )
  const tokenHash = /token_hash=([^&\s]+)/.exec(messages[0]?.text ?? "")?.[1]
  if (!tokenHash) throw new Error(`no confirmation email for ${email}`)
  await requestJson(`${server.url}/auth/v1/verify`, {
    headers,
    body: { token_hash: decodeURIComponent(tokenHash), type: "email" },
  })
}

type TokenResponse = { access_token: string; refresh_token: string; user: { id: string } }

export async function signIn(server: Server, email: string): Promise<Session> {
  const body = await requestJson<TokenResponse>(`${server.url}/auth/v1/token?grant_type=password`, {
    headers: { apikey: server.anonKey },
    body: { email, password: PASSWORD },
  })
  return { accessToken: body.access_token, refreshToken: body.refresh_token, userId: body.user.id }
}

/** Headers supabase-js sends on every /rest/v1 call for a signed-in user. */
export function restHeaders(server: Server, session: Session): Record<string, string> {
  return { apikey: server.anonKey, authorization: `Bearer ${session.accessToken}` }
}
