import type { Session, User } from "@supabase/supabase-js"

import type { RuntimeConfig } from "@/config/runtime-config"
import type { AuthState } from "@/features/auth/auth-provider"

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

export function buildSession(user: User = buildUser()): Session {
  return {
    access_token: "access",
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
    user: null,
    userCredits: null,
    refreshCredits: () => {},
    ...overrides,
  }
}

export function signedIn(credits: number | null = 0): AuthState {
  const session = buildSession()
  return buildAuthState({ session, user: session.user, userCredits: credits })
}

export const testConfig: RuntimeConfig = {
  supabaseUrl: "http://localhost:8080",
  supabaseAnonKey: "anon-key",
  apiUrl: "http://localhost:8080/api/v1",
  apiDocsUrl: "http://localhost:8080/api/v1/docs",
  supportEmail: "support@nativ.local",
  figmaPluginUrl: "https://figma.example/nativ",
  photoshopPluginUrl: "https://adobe.example/nativ",
}
