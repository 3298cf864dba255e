import { useMutation, useQuery } from "@tanstack/react-query"
import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { describe, expect, it, vi } from "vitest"

import { ApiError } from "@/lib/api-client"
import { forgetSessionEnd, readSessionEnd, SESSION_ENDED_MESSAGE } from "@/lib/auth/session-end"
import { UserFacingError } from "@/lib/errors"
import { supabase } from "@/lib/supabase"
import { stubBackend } from "@/testing/api-stub"
import { buildSession } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

function FailingQuery({ title }: { title?: string }) {
  useQuery({
    queryKey: ["failing", title],
    queryFn: () => Promise.reject(new Error("HTTP error! status: 500")),
    meta: title ? { errorTitle: title } : {},
  })
  return <p>query mounted</p>
}

function FailingMutation({ error }: { error: Error }) {
  const mutation = useMutation({
    mutationFn: () => Promise.reject(error),
    meta: { errorTitle: "Error", errorFallback: "Failed to log out" },
  })
  return <button onClick={() => mutation.mutate()}>Run</button>
}

describe("the one error sink", () => {
  it("toasts a failed query under the title its meta names, with the message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    renderApp(<FailingQuery title="Error fetching operations" />)
    expect(await screen.findByText("Error fetching operations")).toBeInTheDocument()
    expect(screen.getByText("HTTP error! status: 500")).toBeInTheDocument()
  })

  it("only logs a failed query without a title", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {})
    renderApp(<FailingQuery />)
    await vi.waitFor(() => expect(log).toHaveBeenCalled())
    expect(screen.queryByText("HTTP error! status: 500")).not.toBeInTheDocument()
  })

  it("keeps a user-facing error's own title and uses the fallback for an empty message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const user = userEvent.setup()
    const { unmount } = renderApp(
      <FailingMutation
        error={new UserFacingError("No active session", "You are not currently logged in.")}
      />,
    )
    await user.click(screen.getByRole("button", { name: "Run" }))
    expect(await screen.findByText("No active session")).toBeInTheDocument()
    expect(screen.getByText("You are not currently logged in.")).toBeInTheDocument()
    unmount()

    renderApp(<FailingMutation error={new Error("")} />)
    await user.click(screen.getByRole("button", { name: "Run" }))
    expect(await screen.findByText("Failed to log out")).toBeInTheDocument()
  })
})

describe("a failure meaning the session is gone", () => {
  it("signs out instead of toasting, and leaves /auth the reason", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    stubBackend(() => ({ status: 204 }), buildSession())
    const signOut = vi.spyOn(supabase().auth, "signOut").mockResolvedValue({ error: null })
    function EndedQuery() {
      useQuery({
        queryKey: ["ended"],
        queryFn: () =>
          Promise.reject(
            new ApiError(401, "unauthorized", "Your session has ended. Sign in again."),
          ),
        meta: { errorTitle: "Error fetching API keys" },
      })
      return <p>query mounted</p>
    }
    renderApp(<EndedQuery />)
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledWith({ scope: "local" }))
    expect(readSessionEnd()).toBe(SESSION_ENDED_MESSAGE)
    expect(screen.queryByText("Error fetching API keys")).not.toBeInTheDocument()
    forgetSessionEnd()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
})
