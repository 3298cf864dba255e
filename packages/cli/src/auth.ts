import { type Server, type StoredTokens, loadTokens, saveTokens } from "./config"
import { CliError, EXIT } from "./errors"
import type { Io } from "./io"

/** Nativ's own CLI: a public client the server knows without registration (device grant). */
export const CLIENT_ID = "nativ-cli"
/** Culturalize, read, change memory and style (owners and admins; others approve without it), stay signed in. */
export const REQUESTED_SCOPE = "translate read manage offline_access"
const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
/** Refresh a little before the access token expires, so a request never carries a dead one. */
const EXPIRY_MARGIN_MS = 60_000

type Metadata = {
  token_endpoint: string
  device_authorization_endpoint: string
  revocation_endpoint?: string
}

type TokenAnswer = {
  access_token?: string
  refresh_token?: string
  expires_in?: number
  scope?: string
  error?: string
  error_description?: string
}

async function metadata(io: Io, server: Server): Promise<Metadata> {
  const res = await io.fetch(`${server.origin}/.well-known/oauth-authorization-server`)
  const body = (await res.json().catch(() => null)) as Partial<Metadata> | null
  if (!res.ok || !body?.token_endpoint || !body.device_authorization_endpoint)
    throw new CliError(
      `${server.origin} does not offer device sign-in (no OAuth metadata). Use an API key: --api-key or NATIV_API_KEY.`,
      EXIT.auth,
    )
  return body as Metadata
}

async function postForm(io: Io, url: string, form: Record<string, string>) {
  const res = await io.fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams(form).toString(),
  })
  const body = (await res.json().catch(() => ({}))) as TokenAnswer & Record<string, unknown>
  return { status: res.status, body }
}

function stored(answer: TokenAnswer, now: number, previous?: StoredTokens): StoredTokens {
  if (!answer.access_token)
    throw new CliError("The server answered without an access token.", EXIT.auth)
  const refresh = answer.refresh_token ?? previous?.refresh_token
  return {
    access_token: answer.access_token,
    ...(refresh ? { refresh_token: refresh } : {}),
    expires_at: now + (answer.expires_in ?? 3600) * 1000,
    ...(answer.scope ? { scope: answer.scope } : {}),
  }
}

/**
 * `nativ login`: RFC 8628's device flow. Shows the code and the /activate address, polls the token
 * endpoint every `interval` seconds (5 more after each slow_down) until the person approves,
 * denies or the code expires, and keeps the tokens in the config dir.
 */
export async function deviceLogin(io: Io, server: Server): Promise<StoredTokens> {
  const meta = await metadata(io, server)
  const started = await postForm(io, meta.device_authorization_endpoint, {
    client_id: CLIENT_ID,
    scope: REQUESTED_SCOPE,
  })
  const device = started.body as {
    device_code?: string
    user_code?: string
    verification_uri?: string
    verification_uri_complete?: string
    expires_in?: number
    interval?: number
  }
  if (started.status !== 200 || !device.device_code || !device.user_code)
    throw new CliError(
      `The server refused to start a sign-in: ${started.body.error_description ?? started.body.error ?? started.status}`,
      EXIT.auth,
    )
  io.stderr(
    `To sign in, open ${device.verification_uri} and enter the code:\n\n    ${device.user_code}\n\n` +
      (device.verification_uri_complete ? `(or open ${device.verification_uri_complete})\n` : "") +
      "Waiting for approval…\n",
  )
  let interval = (device.interval ?? 5) * 1000
  const deadline = Date.now() + (device.expires_in ?? 600) * 1000
  while (Date.now() < deadline) {
    await io.sleep(interval)
    const { status, body } = await postForm(io, meta.token_endpoint, {
      grant_type: DEVICE_GRANT,
      device_code: device.device_code,
      client_id: CLIENT_ID,
    })
    if (status === 200) {
      const tokens = stored(body, Date.now())
      await saveTokens(io.env, server.origin, tokens)
      return tokens
    }
    if (body.error === "authorization_pending") continue
    if (body.error === "slow_down") {
      interval += 5000
      continue
    }
    if (body.error === "access_denied")
      throw new CliError("The sign-in was denied on the approval page.", EXIT.auth)
    if (body.error === "expired_token") break
    throw new CliError(
      `Sign-in failed: ${body.error_description ?? body.error ?? status}`,
      EXIT.auth,
    )
  }
  throw new CliError("The code expired before it was approved. Run `nativ login` again.", EXIT.auth)
}

/** The stored sign-in's access token, refreshed (and the rotated refresh token kept) when expired. */
export async function currentAccessToken(io: Io, server: Server): Promise<string | undefined> {
  const tokens = await loadTokens(io.env, server.origin)
  if (!tokens) return undefined
  if (tokens.expires_at - EXPIRY_MARGIN_MS > Date.now()) return tokens.access_token
  if (!tokens.refresh_token)
    throw new CliError("Your sign-in has expired. Run `nativ login` again.", EXIT.auth)
  const meta = await metadata(io, server)
  const { status, body } = await postForm(io, meta.token_endpoint, {
    grant_type: "refresh_token",
    refresh_token: tokens.refresh_token,
    client_id: CLIENT_ID,
  })
  if (status !== 200) {
    await saveTokens(io.env, server.origin, undefined)
    throw new CliError(
      "Your sign-in has ended (expired, disconnected or revoked). Run `nativ login` again.",
      EXIT.auth,
    )
  }
  const refreshed = stored(body, Date.now(), tokens)
  await saveTokens(io.env, server.origin, refreshed)
  return refreshed.access_token
}

/** `nativ logout`: revokes the refresh token (ending the approval) and forgets the tokens. */
export async function logout(io: Io, server: Server): Promise<boolean> {
  const tokens = await loadTokens(io.env, server.origin)
  if (!tokens) return false
  try {
    const meta = await metadata(io, server)
    if (meta.revocation_endpoint) {
      for (const [token, hint] of [
        [tokens.refresh_token, "refresh_token"],
        [tokens.access_token, "access_token"],
      ] as const)
        if (token)
          await postForm(io, meta.revocation_endpoint, {
            token,
            token_type_hint: hint,
            client_id: CLIENT_ID,
          })
    }
  } finally {
    await saveTokens(io.env, server.origin, undefined)
  }
  return true
}
