import { Hono, type Context } from "hono"

import { approveDeviceInputSchema, userCodeInputSchema } from "@nativ/contracts"

import { ApiError, renderApiError } from "../api/api-error"
import type { ApiEnv } from "../api/authenticate"
import type { AppDeps } from "../deps"
import type { Limit } from "../throttle/throttle"
import { requestOrigin } from "../http/request-origin"
import { consentDetails, requestedScopes, saveGrant, scopesToGrant } from "./consent"
import type { OAuthServer } from "./oauth-server"
import { parseJson, personSignedIn } from "./person"

/** Codes a person may try a minute: enough for typos, far too few to guess one of 20^8. */
const CODE_TRIES: Limit = { name: "device-code", points: 20, seconds: 60 }

/** A typed code as stored: upper case, without the dash or spaces people type. */
const normalize = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "")

/**
 * /oauth/device/{lookup,approve,deny} — the dashboard's /activate page answering a device's
 * request (RFC 8628): the person types the code the CLI or plugin shows, sees the same consent as
 * /connect, and approves or denies. An approval is written on the device code as oidc-provider's
 * own verification page would (account, grant, scopes), so its token endpoint then answers the
 * device's next poll with tokens; a denial answers it with access_denied.
 */
export function deviceRoutes(deps: AppDeps, oauth: OAuthServer) {
  const app = new Hono<ApiEnv>()
  app.onError((error, c) => {
    if (error instanceof ApiError) return renderApiError(c, error)
    throw error
  })

  const pendingCode = async (c: Context<ApiEnv>, typed: string) => {
    const wait = await deps.throttle.take(CODE_TRIES, `device-code:${c.var.principal.memberId}`)
    if (wait > 0)
      throw new ApiError(
        429,
        "rate_limited",
        `Too many codes tried. Wait ${wait} seconds, then check the code the app shows.`,
        { "Retry-After": String(wait) },
      )
    const origin = requestOrigin(c, deps.env.TRUST_PROXY)!
    const provider = await oauth.provider(origin)
    const code = await provider.DeviceCode.findByUserCode(normalize(typed), {
      ignoreExpiration: true,
    })
    if (!code)
      throw new ApiError(
        400,
        "invalid_user_code",
        "That code is not valid. Check the code the app shows and try again.",
      )
    if (code.isExpired)
      throw new ApiError(
        400,
        "expired_user_code",
        "That code has expired. Start signing in again in the app to get a new one.",
      )
    if (code.accountId || code.error || code.consumed)
      throw new ApiError(
        400,
        "used_user_code",
        "That code was already used. Start signing in again in the app if you need a new one.",
      )
    return { origin, provider, code }
  }

  app.post("/lookup", personSignedIn(deps), async (c) => {
    const input = await parseJson(c, userCodeInputSchema)
    const { provider, code } = await pendingCode(c, input.user_code)
    return c.json(
      await consentDetails(
        deps.database.db,
        provider,
        c.var.principal,
        code.clientId!,
        code.params?.scope,
      ),
    )
  })

  app.post("/approve", personSignedIn(deps), async (c) => {
    const input = await parseJson(c, approveDeviceInputSchema)
    const { origin, provider, code } = await pendingCode(c, input.user_code)
    const principal = c.var.principal
    const client = await provider.Client.find(code.clientId!)
    if (!client) throw new ApiError(404, "client_not_found", "This app is no longer registered.")
    const granted = scopesToGrant(principal, requestedScopes(code.params?.scope), input.scopes)
    const grantId = await saveGrant(
      deps.database.db,
      provider,
      principal,
      { id: client.clientId, name: client.clientName ?? client.clientId },
      requestedScopes(code.params?.scope),
      granted,
      code.params?.resource,
      origin,
    )
    const asked = [code.params?.resource].flat().filter((r): r is string => typeof r === "string")
    Object.assign(code, {
      accountId: principal.memberId!,
      grantId,
      scope: granted.join(" "),
      // The audience of the device's tokens: what it asked for, or the API.
      resource: asked.length === 1 ? asked[0] : asked.length > 1 ? asked : `${origin}/api/v1`,
      authTime: Math.floor(Date.now() / 1000),
    })
    await code.save()
    return c.json({ status: "approved" as const })
  })

  app.post("/deny", personSignedIn(deps), async (c) => {
    const input = await parseJson(c, userCodeInputSchema)
    const { code } = await pendingCode(c, input.user_code)
    Object.assign(code, {
      error: "access_denied",
      errorDescription: "The person did not approve the request.",
    })
    await code.save()
    return c.json({ status: "denied" as const })
  })
  return app
}
