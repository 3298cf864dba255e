import { AuthApiError, AuthSessionMissingError } from "@supabase/supabase-js"
import { QueryClient } from "@tanstack/react-query"
import { afterEach, describe, expect, it, vi } from "vitest"

import { ApiError, NO_TOKEN_MESSAGE } from "@/lib/api-client"
import {
  endSession,
  forgetSessionEnd,
  readSessionEnd,
  removedMessage,
  SESSION_ENDED_MESSAGE,
  sessionEnd,
} from "@/lib/auth/session-end"
import { supabase } from "@/lib/supabase"
import { stubBackend } from "@/testing/api-stub"
import { buildSession } from "@/testing/factories"

afterEach(() => {
  forgetSessionEnd()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe("sessionEnd: which failures mean the session is gone", () => {
  it("reads a 401 from the product API, a missing token included, as an ended session", () => {
    expect(
      sessionEnd(new ApiError(401, "unauthorized", "Your session has ended. Sign in again.")),
    ).toBe("ended")
    expect(sessionEnd(new ApiError(401, undefined, NO_TOKEN_MESSAGE))).toBe("ended")
  })

  it("reads 403 not_a_member as a person removed from the company", () => {
    expect(
      sessionEnd(
        new ApiError(403, "not_a_member", "You are not a member of any company on Nativ."),
      ),
    ).toBe("removed")
  })

  it("reads an auth error about a missing session or refresh token as an ended session", () => {
    expect(sessionEnd(new AuthApiError("Session not found", 403, "session_not_found"))).toBe(
      "ended",
    )
    expect(
      sessionEnd(new AuthApiError("Invalid Refresh Token", 400, "refresh_token_not_found")),
    ).toBe("ended")
    expect(sessionEnd(new AuthSessionMissingError())).toBe("ended")
  })

  it("reads REST's refusal of the token as an ended session", () => {
    const rest = {
      code: "PGRST301",
      message: "JWT could not be decoded",
      details: null,
      hint: null,
    }
    expect(sessionEnd(rest)).toBe("ended")
    expect(sessionEnd({ ...rest, code: "PGRST303", message: "JWT expired" })).toBe("ended")
  })

  it("leaves every other failure to the screen", () => {
    expect(sessionEnd(new ApiError(500, "internal_error", "Database down"))).toBeNull()
    expect(sessionEnd(new ApiError(403, "forbidden", "Only owners and admins…"))).toBeNull()
    expect(sessionEnd(new ApiError(402, "insufficient_credits", "Not enough credits"))).toBeNull()
    expect(
      sessionEnd(new AuthApiError("Invalid login credentials", 400, "invalid_credentials")),
    ).toBeNull()
    expect(sessionEnd({ code: "23505", message: "duplicate key" })).toBeNull()
    expect(sessionEnd(new Error("HTTP error! status: 500"))).toBeNull()
    expect(sessionEnd(undefined)).toBeNull()
  })
})

describe("endSession", () => {
  it("signs this browser out and keeps the reason for /auth", async () => {
    stubBackend(() => ({ status: 204 }), buildSession())
    const signOut = vi.spyOn(supabase().auth, "signOut").mockResolvedValue({ error: null })
    await endSession(new QueryClient(), "ended")
    expect(signOut).toHaveBeenCalledWith({ scope: "local" })
    expect(readSessionEnd()).toBe(SESSION_ENDED_MESSAGE)
  })

  it("names the company a removed person was in", async () => {
    stubBackend(() => ({ status: 204 }), buildSession())
    vi.spyOn(supabase().auth, "signOut").mockResolvedValue({ error: null })
    const queryClient = new QueryClient()
    queryClient.setQueryData(["account", "company-name", "c1"], "Acme GmbH")
    await endSession(queryClient, "removed")
    expect(readSessionEnd()).toBe(removedMessage("Acme GmbH"))
    expect(readSessionEnd()).toContain("You are no longer a member of Acme GmbH.")
  })

  it("does nothing once there is no session: a deliberate sign-out says nothing", async () => {
    stubBackend(() => ({ status: 204 }), null)
    const signOut = vi.spyOn(supabase().auth, "signOut")
    await endSession(new QueryClient(), "ended")
    expect(signOut).not.toHaveBeenCalled()
    expect(readSessionEnd()).toBeNull()
  })
})
