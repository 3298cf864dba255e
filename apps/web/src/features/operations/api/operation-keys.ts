/** Whose operations, and narrowed to whom: the company, and one member's email or none. */
export type OperationsScope = { companyId: string; memberEmail: string | null }

export const operationKeys = {
  all: ["operations"] as const,
  count: (scope: OperationsScope) => ["operations", "count", scope] as const,
  page: (scope: OperationsScope, page: number, withMember: boolean) =>
    ["operations", "page", scope, page, withMember] as const,
}
