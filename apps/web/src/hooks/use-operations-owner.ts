import { useQuery } from "@tanstack/react-query"

import { useAuth } from "@/lib/auth/auth-provider"

import { endUserQuery } from "./use-end-user"

/** The pages that list operations, and whose operations each one lists (the spec's data rules). */
const ownerOf = {
  dashboard: "company",
  operations: "end-user",
  analytics: "end-user",
} as const

export type OperationsPage = keyof typeof ownerOf

export type OperationsOwner = {
  /**
   * The company's user id, or the end user matched by the signed-in email; null when there is no
   * such record or the lookup failed (the page is then empty), undefined while unknown.
   */
  ownerId: string | null | undefined
  /** True while the owner is being looked up for a signed-in user. */
  pending: boolean
  error: boolean
}

/**
 * Whose operations `page` shows, decided here once: the Dashboard shows the company's own (its
 * user id), Operations and Analytics the end user matched by the signed-in email. Teams will
 * change who a request belongs to; this is the one place that has to learn it.
 */
export function useOperationsOwner(page: OperationsPage): OperationsOwner {
  const { user } = useAuth()
  const byEmail = ownerOf[page] === "end-user"
  const email = byEmail ? user?.email : undefined
  const endUser = useQuery(endUserQuery(email))
  if (!byEmail) return { ownerId: user?.id, pending: false, error: false }
  return {
    ownerId: endUser.isError
      ? null
      : endUser.data === undefined
        ? undefined
        : (endUser.data?.companyId ?? null),
    pending: Boolean(email) && endUser.isPending,
    error: endUser.isError,
  }
}
