import { expect } from "@playwright/test"

import { linkIn, waitForMail } from "./mailbox"
import { callServer } from "./server"
import { accessToken } from "./workspace"

export type Invitee = { email: string; password: string }

/** Invites `email` into the owner's company over the product API, as the Members tab does. */
export async function inviteMember(ownerToken: string, email: string, role: "admin" | "member") {
  const { status, json } = await callServer("/api/v1/members", {
    method: "POST",
    body: { email, role },
    bearer: ownerToken,
  })
  expect(status, JSON.stringify(json)).toBe(201)
  return json as { id: string; email: string; role: string; status: string }
}

/** The link in the newest invitation email to `email`. */
export async function invitationLink(email: string) {
  return linkIn(await waitForMail(email, /invit/i), "/verify")
}

/**
 * Accepts an invitation without a browser: follows the emailed link to the session it hands out,
 * then sets the password with that session (what /set-password does).
 */
export async function acceptInvitation(invitee: Invitee) {
  const response = await fetch(await invitationLink(invitee.email), { redirect: "manual" })
  const location = new URL(response.headers.get("location") as string)
  const params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1))
  const token = params.get("access_token")
  expect(token, location.toString()).toBeTruthy()
  const { status, json } = await callServer("/auth/v1/user", {
    method: "PUT",
    body: { password: invitee.password },
    bearer: token as string,
  })
  expect(status, JSON.stringify(json)).toBe(200)
  return accessToken(invitee)
}

/** A product API call with a bearer token; status and JSON body. */
export async function callApi(
  path: string,
  token: string,
  init: { method?: string; body?: unknown } = {},
) {
  return callServer(`/api/v1${path}`, { ...init, bearer: token })
}
