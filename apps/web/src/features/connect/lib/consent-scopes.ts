import { type ConsentDetails, type OAuthScope, SCOPES_FOR_ADMINS } from "@nativ/contracts"

/** `offline_access` only lengthens the connection; an approval must let the app do something. */
export const isApiScope = (scope: OAuthScope) => scope !== "offline_access"

/** Whether this person may let the app have `scope` (`manage`: owners and admins only). */
export const canGrant = (details: ConsentDetails, scope: OAuthScope) =>
  details.can_grant_manage || !SCOPES_FOR_ADMINS.includes(scope)

/** What starts ticked: everything asked for that this person may grant. */
export const initialChoice = (details: ConsentDetails): OAuthScope[] =>
  details.scopes.filter((scope) => canGrant(details, scope))

/** Why Approve cannot be pressed with `chosen` ticked, or null when it can. */
export function approvalBlocker(details: ConsentDetails, chosen: OAuthScope[]): string | null {
  const grantable = details.scopes.filter((scope) => isApiScope(scope) && canGrant(details, scope))
  if (grantable.length === 0)
    return details.scopes.some(isApiScope)
      ? "Only an owner or admin of your company can approve what this app asks for."
      : "This app asks for nothing it could do with your company. Deny it and check the app's settings."
  if (!chosen.some(isApiScope))
    return "Choose at least one permission besides staying connected, or deny the request."
  return null
}
