import * as z from "zod/mini"

import { CancelledError, PluginError } from "./errors"

export const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"

/** The device authorization response (RFC 8628 §3.2). */
const text = () => z.string().check(z.minLength(1))
const seconds = () => z.int().check(z.positive())

export const deviceAuthorizationSchema = z.object({
  device_code: text(),
  user_code: text(),
  verification_uri: text(),
  verification_uri_complete: z.optional(z.string()),
  expires_in: seconds(),
  interval: z.optional(seconds()),
})
export type DeviceAuthorization = z.infer<typeof deviceAuthorizationSchema>

/** The token response (RFC 6749 §5.1) for the device code and refresh token grants. */
export const tokenResponseSchema = z.object({
  access_token: text(),
  token_type: z.string(),
  expires_in: z.optional(seconds()),
  refresh_token: z.optional(text()),
  scope: z.optional(z.string()),
})
export type TokenResponse = z.infer<typeof tokenResponseSchema>

const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.optional(z.string()),
})

export type OAuthEndpoints = { serverUrl: string; clientId: string; fetch: typeof fetch }

/** A form POST to one of the server's OAuth endpoints; answers `{status, body}`. */
export async function postForm(
  endpoints: OAuthEndpoints,
  path: string,
  form: Record<string, string>,
  signal?: AbortSignal,
) {
  let response: Response
  try {
    response = await endpoints.fetch(`${endpoints.serverUrl}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ client_id: endpoints.clientId, ...form }).toString(),
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    if (signal?.aborted) throw new CancelledError()
    throw new PluginError(
      "network",
      `Could not reach Nativ at ${endpoints.serverUrl}. Check your connection and try again.`,
      undefined,
      error instanceof Error ? error.name : undefined,
    )
  }
  const text = await response.text()
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  return { status: response.status, body }
}

/** RFC 8628 §3.1: asks the server for a code to show the person. */
export async function requestDeviceCode(endpoints: OAuthEndpoints, scope: string) {
  const { status, body } = await postForm(endpoints, "/oauth/device/code", { scope })
  const parsed = deviceAuthorizationSchema.safeParse(body)
  if (status !== 200 || !parsed.success)
    throw new PluginError("request", describeOAuthError(body, "Could not start signing in"), status)
  return parsed.data
}

const messages: Record<string, string> = {
  access_denied: "The connection was denied on the approval page.",
  expired_token: "The code expired before it was approved. Connect again to get a new one.",
}

function describeOAuthError(body: unknown, fallback: string) {
  const error = oauthErrorSchema.safeParse(body)
  if (!error.success) return `${fallback}.`
  return messages[error.data.error] ?? error.data.error_description ?? `${fallback}.`
}

type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

const abortableSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError())
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer)
        reject(new CancelledError())
      },
      { once: true },
    )
  })

/**
 * RFC 8628 §3.4–3.5: polls the token endpoint every `interval` seconds until the person approves
 * (tokens), denies or lets the code expire (an error); `slow_down` adds 5 seconds to the interval
 * for every later poll, as the RFC says.
 */
export async function pollDeviceToken(
  endpoints: OAuthEndpoints,
  device: DeviceAuthorization,
  { signal, sleep = abortableSleep }: { signal?: AbortSignal; sleep?: Sleep } = {},
): Promise<TokenResponse> {
  let interval = (device.interval ?? 5) * 1000
  for (;;) {
    await sleep(interval, signal)
    const { status, body } = await postForm(
      endpoints,
      "/oauth/token",
      { grant_type: DEVICE_CODE_GRANT, device_code: device.device_code },
      signal,
    )
    if (status === 200) {
      const tokens = tokenResponseSchema.safeParse(body)
      if (tokens.success) return tokens.data
      throw new PluginError("request", "The server's answer to signing in was not understood.")
    }
    const error = oauthErrorSchema.safeParse(body)
    const code = error.success ? error.data.error : undefined
    if (code === "authorization_pending") continue
    if (code === "slow_down") {
      interval += 5000
      continue
    }
    throw new PluginError("request", describeOAuthError(body, "Signing in failed"), status, code)
  }
}
