import { useMembership } from "./use-end-user"

export type OperationsOwner = {
  /**
   * The company whose operations are listed: the one matched by the signed-in email; null when
   * there is no such record or the lookup failed (the page is then empty), undefined while unknown.
   */
  ownerId: string | null | undefined
  /** True while the company is being looked up for a signed-in user. */
  pending: boolean
  error: boolean
}

/**
 * Whose operations the Dashboard, Operations and Analytics show, decided here once: the company
 * of the end user matched by the signed-in email (docs/teams.md). For a company of one this is the
 * founder's own user id, exactly the spec's calls.
 */
export function useOperationsOwner(): OperationsOwner {
  const { membership, pending, error } = useMembership()
  return {
    ownerId: error ? null : membership === undefined ? undefined : (membership?.companyId ?? null),
    pending,
    error,
  }
}
