import { ROLE_CAN } from "@nativ/contracts"

import type { Principal } from "../authenticate"
import type { KeyScope } from "./api-keys.repo"

/**
 * Owners and admins see, cap and revoke every key of the company; members only the ones they made.
 */
export function keyScope(principal: Principal): KeyScope {
  return {
    companyId: principal.companyId,
    createdBy: principal.memberId,
    all: ROLE_CAN.seeAllApiKeys(principal.role),
  }
}
