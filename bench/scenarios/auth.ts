import { PASSWORD, signIn } from "../lib/accounts"
import { request } from "../lib/http"
import type { Server } from "../lib/server"
import { round } from "../lib/stats"

export type AuthResult = {
  signInRps: number
  refreshRps: number
  signIns: number
  refreshes: number
}

/**
 * `workers` clients in this process, each looping for `seconds`: sign-in sends the password
 * (one argon2id verification each); refresh rotates the worker's own refresh token (each token is
 * single-use, so every worker keeps its own chain).
 */
export async function measureAuth(
  server: Server,
  email: string,
  workers: number,
  seconds: number,
): Promise<AuthResult> {
  const headers = { apikey: server.anonKey }
  const run = async (step: (state: { token: string }) => Promise<void>, tokens: string[]) => {
    const deadline = performance.now() + seconds * 1000
    let count = 0
    const started = performance.now()
    await Promise.all(
      tokens.map(async (token) => {
        const state = { token }
        while (performance.now() < deadline) {
          await step(state)
          count++
        }
      }),
    )
    return { count, rps: count / ((performance.now() - started) / 1000) }
  }

  const slots = Array.from({ length: workers }, () => "")
  const signIns = await run(async () => {
    const res = await request(`${server.url}/auth/v1/token?grant_type=password`, {
      headers,
      body: { email, password: PASSWORD },
    })
    if (res.status !== 200) throw new Error(`sign-in → ${res.status}: ${res.body}`)
  }, slots)

  const sessions = await Promise.all(slots.map(() => signIn(server, email)))
  const refreshes = await run(
    async (state) => {
      const res = await request(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
        headers,
        body: { refresh_token: state.token },
      })
      if (res.status !== 200) throw new Error(`refresh → ${res.status}: ${res.body}`)
      state.token = (JSON.parse(res.body) as { refresh_token: string }).refresh_token
    },
    sessions.map((s) => s.refreshToken),
  )
  return {
    signInRps: round(signIns.rps),
    refreshRps: round(refreshes.rps),
    signIns: signIns.count,
    refreshes: refreshes.count,
  }
}
