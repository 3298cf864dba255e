import { QueryClientProvider } from "@tanstack/react-query"
import { render, screen, waitFor } from "@testing-library/react"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { createQueryClient } from "@/app/query-client"
import { authStorageKey } from "@/lib/auth-storage-key"
import { configureSupabase } from "@/lib/supabase"
import type * as SupabaseClientModule from "@/lib/supabase-client"
import { buildSession, buildTotpFactor, buildUser, testConfig } from "@/testing/factories"

import { AuthProvider, useAuth } from "@/lib/auth/auth-provider"

// A worker shares its modules between files (isolate: false): this file imports the app afresh,
// so that no client exists yet and every importer gets the mock, and leaves no mock behind.
const clients = vi.hoisted(() => {
  vi.resetModules()
  return { created: 0 }
})
vi.mock("@/lib/supabase-client", async (importOriginal) => {
  const actual = await importOriginal<typeof SupabaseClientModule>()
  return {
    ...actual,
    createSupabaseClient: (...args: Parameters<typeof actual.createSupabaseClient>) => {
      clients.created += 1
      return actual.createSupabaseClient(...args)
    },
  }
})

function AuthStatus() {
  const { loading, user, mfaRequired } = useAuth()
  if (loading) return <p>loading</p>
  return <p>{`${user?.email ?? "signed out"}${mfaRequired ? " (code owed)" : ""}`}</p>
}

const renderProvider = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <AuthStatus />
      </AuthProvider>
    </QueryClientProvider>,
  )

beforeAll(() => configureSupabase(testConfig))
afterAll(() => {
  vi.doUnmock("@/lib/supabase-client")
  vi.resetModules()
})
afterEach(() => localStorage.clear())

describe("the auth provider", () => {
  it("knows a visitor with no stored session is signed out without loading supabase-js", () => {
    renderProvider()
    expect(screen.getByText("signed out")).toBeInTheDocument()
    expect(clients.created).toBe(0)
  })

  it("loads the client at once for a stored session and follows it", async () => {
    // A fetch that never answers: the stored session is fresh, nothing needs the network.
    vi.stubGlobal("fetch", () => new Promise(() => {}))
    const session = buildSession()
    localStorage.setItem(authStorageKey(testConfig.supabaseUrl), JSON.stringify(session))
    renderProvider()
    expect(screen.getByText("loading")).toBeInTheDocument()
    expect(await screen.findByText(session.user.email!)).toBeInTheDocument()
    await waitFor(() => expect(clients.created).toBe(1))
  })

  it("holds a stored password-only session of an account with a verified factor at the code step", async () => {
    vi.stubGlobal("fetch", () => new Promise(() => {}))
    const session = buildSession(buildUser({ factors: [buildTotpFactor()] }), "aal1")
    localStorage.setItem(authStorageKey(testConfig.supabaseUrl), JSON.stringify(session))
    renderProvider()
    expect(await screen.findByText(`${session.user.email!} (code owed)`)).toBeInTheDocument()
  })

  it("lets a session that proved its code (aal2) through", async () => {
    vi.stubGlobal("fetch", () => new Promise(() => {}))
    const session = buildSession(buildUser({ factors: [buildTotpFactor()] }), "aal2")
    localStorage.setItem(authStorageKey(testConfig.supabaseUrl), JSON.stringify(session))
    renderProvider()
    expect(await screen.findByText(session.user.email!)).toBeInTheDocument()
  })
})
