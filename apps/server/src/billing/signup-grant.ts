import type { Db } from "../db/schema"
import { applyCreditDelta } from "./ledger"

/** The ledger reason of the credits a new company gets at sign-up (Billing history's grant). */
export const SIGNUP_GRANT_REASON = "signup_grant"

/**
 * SIGNUP_CREDITS for a company the sign-up just founded, in the sign-up's transaction. The ledger
 * records a (reason, reference) once and the reference is the company's id, so a retried sign-up
 * never grants twice; people invited into an existing company found none and get nothing.
 */
export async function grantSignupCredits(db: Db, companyId: string, credits: number) {
  if (credits <= 0) return
  await applyCreditDelta(db, {
    userId: companyId,
    delta: credits,
    reason: SIGNUP_GRANT_REASON,
    reference: companyId,
  })
}
