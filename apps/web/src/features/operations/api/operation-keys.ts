import type { OperationsFilters } from "../lib/filters"

/** Whose operations, and narrowed how: the company, and the filters set (none: every one). */
export type OperationsScope = { companyId: string } & OperationsFilters

export const operationKeys = {
  all: ["operations"] as const,
  count: (scope: OperationsScope) => ["operations", "count", scope] as const,
  page: (scope: OperationsScope, page: number, withMember: boolean) =>
    ["operations", "page", scope, page, withMember] as const,
  languages: (companyId: string) => ["operations", "languages", companyId] as const,
  detail: (id: string) => ["operations", "detail", id] as const,
}
