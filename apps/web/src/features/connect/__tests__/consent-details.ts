import type { ConsentDetails } from "@nativ/contracts"

/** An app's request as the server describes it, for an owner unless told otherwise. */
export function buildConsentDetails(overrides: Partial<ConsentDetails> = {}): ConsentDetails {
  return {
    client: { id: "client_1", name: "Claude", uri: "https://claude.example/home" },
    scopes: ["translate", "read", "offline_access"],
    company: { name: "Acme Localization" },
    member: { email: "owner@acme.test", role: "owner" },
    can_grant_manage: true,
    ...overrides,
  }
}
