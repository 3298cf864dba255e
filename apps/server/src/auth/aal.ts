export const INSUFFICIENT_AAL_MESSAGE =
  "Two-factor authentication is on for this account: confirm with your authenticator code first."

/**
 * The one two-factor rule: an account with a verified second factor acts only from an aal2
 * session. A password-only (aal1) session of such an account may do no more than finish signing
 * in — read its own user and factors, challenge and verify a factor, sign itself out (scope
 * local) — and every other call, on every protocol, answers 403 `insufficient_aal` in that
 * protocol's shape. Whether the account has a verified factor is read with the session check
 * itself (identity/access-token.ts; on /rest/v1 in the request's settings statement,
 * rest/request-script.ts), so the rule costs no round trip of its own. API keys are not sessions
 * and never meet it.
 */
export function owesSecondFactor(claims: { aal?: unknown }, hasVerifiedFactor: boolean): boolean {
  return hasVerifiedFactor && claims.aal !== "aal2"
}
