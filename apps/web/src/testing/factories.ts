import type { Session, User } from "@supabase/supabase-js"

import type { RuntimeConfig } from "@/config/runtime-config"
import type { AuthState } from "@/lib/auth/auth-provider"

let sequence = 0

export function buildUser(overrides: Partial<User> = {}): User {
  sequence += 1
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`,
    aud: "authenticated",
    role: "authenticated",
    email: `person${sequence}@example.com`,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: { company_name: "Acme" },
    identities: [],
    created_at: new Date(0).toISOString(),
    ...overrides,
  } as User
}

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")

/** An access token shaped as the server's (unsigned: the client only decodes it). */
export function buildAccessToken(claims: Record<string, unknown> = {}) {
  const payload = { aal: "aal1", role: "authenticated", exp: Math.floor(Date.now() / 1000) + 3600 }
  return `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url({ ...payload, ...claims })}.sig`
}

/** A verified authenticator-app factor, as GET /user lists it. */
export function buildTotpFactor(overrides: Record<string, unknown> = {}) {
  return {
    id: "f0000000-0000-4000-8000-000000000001",
    friendly_name: "",
    factor_type: "totp",
    status: "verified",
    created_at: "2026-11-01T10:00:00Z",
    updated_at: "2026-11-01T10:00:00Z",
    ...overrides,
  } as NonNullable<User["factors"]>[number]
}

export function buildSession(user: User = buildUser(), aal: "aal1" | "aal2" = "aal1"): Session {
  return {
    access_token: buildAccessToken({ sub: user.id, aal }),
    refresh_token: "refresh",
    token_type: "bearer",
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user,
  }
}

export function buildAuthState(overrides: Partial<AuthState> = {}): AuthState {
  return {
    loading: false,
    session: null,
    mfaRequired: false,
    user: null,
    ...overrides,
  }
}

export function signedIn(): AuthState {
  const session = buildSession()
  return buildAuthState({ session, user: session.user })
}

export const testConfig: RuntimeConfig = {
  supabaseUrl: "http://localhost:8080",
  supabaseAnonKey: "anon-key",
  apiUrl: "http://localhost:8080/api/v1",
  apiDocsUrl: "http://localhost:8080/api/v1/docs",
  supportEmail: "support@nativ.local",
  figmaPluginUrl: "https://figma.example/nativ",
  photoshopPluginUrl: "https://adobe.example/nativ",
  engine: { kind: "offline", model: null },
  creditsPer100Chars: 1,
  signupCredits: 0,
}
