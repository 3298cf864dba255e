import { type MemberRole, ROLE_CAN } from "@nativ/contracts"

import { ApiError } from "../api-error"
import type { Principal } from "../authenticate"

export type MemberChange =
  | { kind: "invite"; role: MemberRole }
  | { kind: "role"; from: MemberRole; role: MemberRole }
  | { kind: "remove"; from: MemberRole }

const forbidden = (message: string) => new ApiError(403, "forbidden", message)

/**
 * Who may change whom. Owners and admins manage members and admins; only owners touch owners
 * (grant, revoke, remove). `owners` is the company's owner count when the change touches an
 * owner: the last one can be neither demoted nor removed (409).
 */
export function checkMemberChange(principal: Principal, change: MemberChange, owners = Infinity) {
  if (!ROLE_CAN.manageMembers(principal.role))
    throw forbidden("Only owners and admins can manage members.")
  const touchesOwner =
    change.kind === "invite"
      ? change.role === "owner"
      : change.from === "owner" || (change.kind === "role" && change.role === "owner")
  if (touchesOwner && !ROLE_CAN.grantOwner(principal.role))
    throw forbidden("Only owners can add, change or remove owners.")
  const leavesNoOwner =
    change.kind !== "invite" &&
    change.from === "owner" &&
    (change.kind === "remove" || change.role !== "owner") &&
    owners <= 1
  if (leavesNoOwner)
    throw new ApiError(
      409,
      "last_owner",
      "A company needs at least one owner: make someone else an owner first.",
    )
}
