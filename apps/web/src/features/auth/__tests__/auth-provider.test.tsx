import { QueryClientProvider } from "@tanstack/react-query"
import { render, screen, waitFor } from "@testing-library/react"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { createQueryClient } from "@/app/query-client"
import { authStorageKey, configureSupabase } from "@/lib/supabase"
import type * as SupabaseClientModule from "@/lib/supabase-client"
import { buildSession, testConfig } from "@/testing/factories"

import { AuthProvider, useAuth } from "../auth-provider"

const clients = vi.hoisted(() => ({ created: 0 }))
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
  const { loading, user } = useAuth()
  return <p>{loading ? "loading" : (user?.email ?? "signed out")}</p>
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
})
