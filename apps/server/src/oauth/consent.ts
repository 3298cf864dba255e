import { sql } from "kysely"
import type Provider from "oidc-provider"

import {
  type ConsentDetails,
  OAUTH_SCOPES,
  type OAuthScope,
  SCOPES_FOR_ADMINS,
} from "@nativ/contracts"
import { ROLE_CAN } from "@nativ/contracts/roles"

import { ApiError } from "../api/api-error"
import type { Principal } from "../api/authenticate"
import { recordAuditEvent } from "../audit/record"
import type { Db } from "../db/schema"
import { API_SCOPES, RESOURCE_PATHS } from "./constants"

/** The scopes a request asks for, as Nativ names them (others, such as `openid`, are not shown). */
export function requestedScopes(scope: unknown): OAuthScope[] {
  const asked = new Set(typeof scope === "string" ? scope.split(" ") : [])
  return OAUTH_SCOPES.filter((name) => asked.has(name))
}

/** What the person sees before approving: the app, what it asks, which company, who they are. */
export async function consentDetails(
  db: Db,
  provider: Provider,
  principal: Principal,
  clientId: string,
  scope: unknown,
): Promise<ConsentDetails> {
  const client = await provider.Client.find(clientId)
  if (!client) throw new ApiError(404, "client_not_found", "This app is no longer registered.")
  const { rows } = await sql<{ name: string | null }>`
    select name from public.users where id = ${principal.companyId}::uuid`.execute(db)
  return {
    client: {
      id: client.clientId,
      name: client.clientName ?? client.clientId,
      uri: (client.metadata().client_uri as string | undefined) ?? null,
    },
    scopes: requestedScopes(scope),
    company: { name: rows[0]?.name ?? "Your company" },
    member: { email: principal.memberEmail ?? "", role: principal.role },
    can_grant_manage: ROLE_CAN.manageStyle(principal.role),
  }
}

/**
 * The scopes to grant: those the person kept of those asked for. `manage` changes the company's
 * glossaries, memory and style, which only owners and admins may do themselves, so only they may
 * let an app do it.
 */
export function scopesToGrant(
  principal: Principal,
  asked: OAuthScope[],
  chosen: OAuthScope[],
): OAuthScope[] {
  const granted = asked.filter((scope) => chosen.includes(scope))
  if (!ROLE_CAN.manageStyle(principal.role) && granted.some((s) => SCOPES_FOR_ADMINS.includes(s)))
    throw new ApiError(
      403,
      "forbidden",
      "Only owners and admins can let an app change glossaries, translation memory and style guides.",
    )
  if (!granted.some((scope) => (API_SCOPES as readonly string[]).includes(scope)))
    throw new ApiError(
      400,
      "invalid_request",
      "Choose at least one permission the app asked for besides staying connected.",
    )
  return granted
}

/**
 * Saves the person's approval as an oidc-provider grant: the member it acts for, the app, and the
 * scopes on each resource the app asked for (the API when it named none). Recorded in the
 * company's activity log.
 */
export async function saveGrant(
  db: Db,
  provider: Provider,
  principal: Principal,
  client: { id: string; name: string },
  asked: OAuthScope[],
  granted: OAuthScope[],
  resource: unknown,
  issuer: string,
): Promise<string> {
  const grant = new provider.Grant({ accountId: principal.memberId!, clientId: client.id })
  // What the person unticked is recorded as refused, so the request does not ask for it again.
  const refused = asked.filter((scope) => !granted.includes(scope))
  if (granted.includes("offline_access")) grant.addOIDCScope("offline_access")
  if (refused.includes("offline_access")) grant.rejectOIDCScope("offline_access")
  const apiOnly = (scopes: OAuthScope[]) => scopes.filter((scope) => scope !== "offline_access")
  for (const target of resourcesOf(resource, issuer)) {
    grant.addResourceScope(target, apiOnly(granted))
    if (apiOnly(refused).length > 0) grant.rejectResourceScope(target, apiOnly(refused))
  }
  const grantId = await grant.save()
  await recordAuditEvent(db, {
    companyId: principal.companyId,
    actorId: principal.authUserId,
    action: "connected_app.approved",
    target: client.name,
    details: { client_id: client.id, scopes: granted },
  })
  return grantId
}

function resourcesOf(resource: unknown, issuer: string): string[] {
  const asked = [resource].flat().filter((r): r is string => typeof r === "string" && r !== "")
  const known = RESOURCE_PATHS.map((path) => `${issuer}${path}`)
  // Both are this server (the MCP server calls the API with the same token); granting both
  // lets a token asked for either audience work where the app asked for it.
  return asked.length > 0 ? [...new Set([...asked, ...known])] : known
}
