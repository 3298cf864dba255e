import type { Member } from "@nativ/contracts"
import { expect } from "vitest"

import { lastMailTo, linkOf } from "../../auth/test-kit"
import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi } from "../api-test-kit"

export const MEMBER_PASSWORD = "member secret 42"

/** Invites `email` into the caller's company with `role`; the created member. */
export async function invite(app: TestApp, by: ApiUser, email: string, role: Member["role"]) {
  const res = await callApi<Member>(app, "/members", { token: by.token, body: { email, role } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

/**
 * Accepts the newest invitation to `email` as the invitee would: the emailed link's token gives
 * a session, the session sets a password, and the password signs in.
 */
export async function accept(app: TestApp, email: string): Promise<ApiUser> {
  const link = linkOf(await lastMailTo(app, email))
  const client = app.client()
  const verified = await client.auth.verifyOtp({
    token_hash: link.searchParams.get("token")!,
    type: "invite",
  })
  expect(verified.error).toBeNull()
  expect((await client.auth.updateUser({ password: MEMBER_PASSWORD })).error).toBeNull()
  const signedIn = await app.client().auth.signInWithPassword({ email, password: MEMBER_PASSWORD })
  expect(signedIn.error).toBeNull()
  const session = signedIn.data.session!
  return { id: session.user.id, email, token: session.access_token }
}
