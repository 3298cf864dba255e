import type { AuthError } from "@supabase/supabase-js"
import { describe, expect, it } from "vitest"

import { UserFacingError } from "@/lib/errors"
import { buildUser } from "@/testing/factories"

import { readAuthLinkError, readAuthTokens, setPasswordUrl } from "../lib/auth-tokens"
import { newPasswordProblem } from "@/lib/auth/password-rules"
import { readSignUpResult } from "../lib/sign-up-outcome"

const identity = {
  id: "i",
  identity_id: "i",
  user_id: "u",
  provider: "email",
  identity_data: {},
  created_at: "",
  last_sign_in_at: "",
  updated_at: "",
}

function thrown(fn: () => unknown) {
  try {
    fn()
  } catch (error) {
    return error as Error
  }
  throw new Error("expected a throw")
}

describe("reading a sign-up response", () => {
  it("treats a user with one identity as created, confirmation pending", () => {
    const user = buildUser({ identities: [identity] })
    expect(readSignUpResult({ data: { user }, error: null })).toBe(user)
  })

  it("treats an empty identity list as an email that is already registered", () => {
    const error = thrown(() =>
      readSignUpResult({ data: { user: buildUser({ identities: [] }) }, error: null }),
    )
    expect(error).not.toBeInstanceOf(UserFacingError)
    expect(error.message).toBe("Email already registered. Please log in instead.")
  })

  it("reports a user without an identity list as a failed creation", () => {
    const error = thrown(() =>
      readSignUpResult({ data: { user: buildUser({ identities: undefined }) }, error: null }),
    )
    expect(error.message).toBe("Failed to create account. Please try again.")
  })

  it("reports no user and no error as 'Something went wrong'", () => {
    const error = thrown(() => readSignUpResult({ data: { user: null }, error: null }))
    expect(error).toBeInstanceOf(UserFacingError)
    expect((error as UserFacingError).title).toBe("Something went wrong")
    expect(error.message).toBe("Please try again or contact support if the problem persists.")
  })

  it("gives 'Account already exists' its own toast and passes other errors on", () => {
    const exists = thrown(() =>
      readSignUpResult({
        data: { user: null },
        error: { message: "Account already exists for x" } as AuthError,
      }),
    ) as UserFacingError
    expect(exists.title).toBe("Account already exists")
    expect(exists.message).toBe(
      "An account with this email already exists. Please sign in instead.",
    )
    const weak = { message: "Password should be at least 6 characters." } as AuthError
    expect(thrown(() => readSignUpResult({ data: { user: null }, error: weak }))).toBe(weak)
  })
})

describe("the new password rules", () => {
  it("checks the match before the length", () => {
    expect(newPasswordProblem("abc", "abd")?.title).toBe("Password mismatch")
    expect(newPasswordProblem("abc", "abd")?.message).toBe(
      "Passwords do not match. Please try again.",
    )
    expect(newPasswordProblem("abcde", "abcde")?.title).toBe("Password too short")
    expect(newPasswordProblem("abcde", "abcde")?.message).toBe(
      "Password must be at least 6 characters long.",
    )
    expect(newPasswordProblem("abcdef", "abcdef")).toBeNull()
  })
})

describe("invitation tokens in a URL", () => {
  it("reads both tokens from the query or the hash, and only both", () => {
    const tokens = { accessToken: "a", refreshToken: "r" }
    expect(readAuthTokens({ search: "?access_token=a&refresh_token=r", hash: "" })).toEqual(tokens)
    expect(
      readAuthTokens({ search: "", hash: "#access_token=a&refresh_token=r&type=invite" }),
    ).toEqual(tokens)
    expect(readAuthTokens({ search: "?access_token=a", hash: "" })).toBeNull()
    expect(readAuthTokens({ search: "", hash: "" })).toBeNull()
  })

  it("reads the error an email link reports", () => {
    expect(
      readAuthLinkError({ search: "", hash: "#error=access_denied&error_code=otp_expired" }),
    ).toBe("otp_expired")
    expect(readAuthLinkError({ search: "?x=1", hash: "" })).toBeNull()
  })

  it("builds the /set-password address carrying the tokens", () => {
    expect(setPasswordUrl({ accessToken: "a.b", refreshToken: "r/1" })).toBe(
      "/set-password?access_token=a.b&refresh_token=r%2F1",
    )
  })
})
