import { Hono, type Context } from "hono"

import { approveConsentInputSchema } from "@nativ/contracts"

import { ApiError, renderApiError } from "../api/api-error"
import type { ApiEnv } from "../api/authenticate"
import type { AppDeps } from "../deps"
import { requestOrigin } from "../http/request-origin"
import { consentDetails, requestedScopes, saveGrant, scopesToGrant } from "./consent"
import type { OAuthServer } from "./oauth-server"
import { parseJson, personSignedIn } from "./person"

const interactionGone = () =>
  new ApiError(
    404,
    "interaction_not_found",
    "This sign-in request has expired or was already used. Go back to the app and connect again.",
  )

/**
 * /oauth/interaction/:uid — an app's authorization request waiting for a person. oidc-provider
 * sends the browser here with a cookie naming the request; we send it on to the dashboard's
 * /connect page, whose calls (same origin, so the cookie goes with them) read the request and
 * answer it as the signed-in person. The cookie ties the answer to the browser that started the
 * request: a link to someone else's request approves nothing.
 */
export function consentRoutes(deps: AppDeps, oauth: OAuthServer) {
  const app = new Hono<ApiEnv>()
  app.onError((error, c) => {
    if (error instanceof ApiError) return renderApiError(c, error)
    throw error
  })

  app.get("/:uid", (c) =>
    c.redirect(`/connect?interaction=${encodeURIComponent(c.req.param("uid"))}`, 303),
  )

  const pending = async (c: Context<ApiEnv>) => {
    const origin = requestOrigin(c, deps.env.TRUST_PROXY)!
    const provider = await oauth.provider(origin)
    const { req, res } = oauth.exchange(c.req.raw, origin)
    try {
      const interaction = await provider.interactionDetails(req, res)
      if (interaction.uid !== c.req.param("uid")) throw interactionGone()
      return { origin, provider, interaction, req, res }
    } catch (error) {
      // oidc-provider's SessionNotFound: no cookie, or the request expired or was answered.
      if (error instanceof Error && error.name === "SessionNotFound") throw interactionGone()
      throw error
    }
  }

  app.get("/:uid/details", personSignedIn(deps), async (c) => {
    const { provider, interaction } = await pending(c)
    const { params } = interaction
    return c.json(
      await consentDetails(
        deps.database.db,
        provider,
        c.var.principal,
        String(params.client_id),
        params.scope,
      ),
    )
  })

  app.post("/:uid/approve", personSignedIn(deps), async (c) => {
    const input = await parseJson(c, approveConsentInputSchema)
    const { origin, provider, interaction, req, res } = await pending(c)
    const principal = c.var.principal
    const clientId = String(interaction.params.client_id)
    const client = await provider.Client.find(clientId)
    if (!client) throw new ApiError(404, "client_not_found", "This app is no longer registered.")
    const granted = scopesToGrant(
      principal,
      requestedScopes(interaction.params.scope),
      input.scopes,
    )
    const grantId = await saveGrant(
      deps.database.db,
      provider,
      principal,
      { id: clientId, name: client.clientName ?? clientId },
      requestedScopes(interaction.params.scope),
      granted,
      interaction.params.resource,
      origin,
    )
    const redirectTo = await provider.interactionResult(
      req,
      res,
      { login: { accountId: principal.memberId!, remember: false }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
    return c.json({ redirect_to: redirectTo })
  })

  app.post("/:uid/deny", personSignedIn(deps), async (c) => {
    const { provider, req, res } = await pending(c)
    const redirectTo = await provider.interactionResult(
      req,
      res,
      { error: "access_denied", error_description: "The person did not approve the request." },
      { mergeWithLastSubmission: false },
    )
    return c.json({ redirect_to: redirectTo })
  })
  return app
}
