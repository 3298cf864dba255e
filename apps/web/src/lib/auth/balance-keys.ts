/** The balance's query keys, apart from its hooks: the auth provider drops them on sign-out. */
export const balanceKeys = {
  all: ["user-credits"] as const,
  company: (companyId: string) => ["user-credits", companyId] as const,
}
