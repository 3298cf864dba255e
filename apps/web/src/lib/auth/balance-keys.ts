/** The balance's query keys, apart from its hooks: the auth provider drops them on sign-out. */
export const balanceKeys = {
  all: ["user-credits"] as const,
  user: (userId: string) => ["user-credits", userId] as const,
}
