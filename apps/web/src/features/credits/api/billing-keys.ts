/** Billing history pages and receipts; a purchase (started or verified) invalidates them all. */
export const billingKeys = {
  all: ["billing"] as const,
  payments: (page: number) => ["billing", "payments", page] as const,
  receipt: (id: string) => ["billing", "receipt", id] as const,
  signupGrant: () => ["billing", "signup-grant"] as const,
}
