import { createHash, randomBytes } from "node:crypto"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

import { expect, type Page, test, type TestInfo } from "@playwright/test"

import { type Account, createConfirmedAccount } from "../support/accounts"
import { checkNarrowInBothThemes } from "../support/narrow-themes"
import { baseUrl, uniqueEmail } from "../support/server"
import { acceptInvitation, callApi, inviteMember } from "../support/team"
import { enableTwoFactorViaApi, totpCode } from "../support/totp"
import { accessToken, checkScreenInBothThemes, signedInAccount } from "../support/workspace"

/** An app's redirect URI on 127.0.0.1: records the query of each visit to /callback. */
async function startCallback() {
  const visits: URLSearchParams[] = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1")
    if (url.pathname === "/callback") visits.push(url.searchParams)
    res.writeHead(200, { "content-type": "text/plain" }).end("Back in the app")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    visits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function oauthForm(path: string, form: Record<string, string>) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  })
  return { status: response.status, json: (await response.json()) as Record<string, string> }
}

/** Dynamic client registration (RFC 7591), as an AI assistant does before connecting. */
async function registerApp(name: string, redirectUri: string) {
  const response = await fetch(`${baseUrl}/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_name: name,
      client_uri: "https://assistant.example/",
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    }),
  })
  const json = (await response.json()) as { client_id: string }
  expect(response.status, JSON.stringify(json)).toBe(201)
  return json.client_id
}

function authorizeUrl(clientId: string, redirectUri: string, scope: string) {
  const verifier = randomBytes(32).toString("base64url")
  const state = randomBytes(8).toString("hex")
  const query = new URLSearchParams({
    client_id: clientId,
    response_type: "code",
    redirect_uri: redirectUri,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state,
    scope,
  })
  return { url: `/oauth/authorize?${query}`, verifier, state }
}

/** The password step, from wherever the page sent the visitor to /auth. */
async function signInHere(page: Page, account: Pick<Account, "email" | "password">) {
  await expect(page).toHaveURL(/\/auth$/)
  await page.getByLabel("Email").fill(account.email)
  await page.getByLabel("Password").fill(account.password)
  await page.getByRole("button", { name: "Sign In" }).click()
}

/** Light and dark: axe and screenshots at desktop width and at 375 px (nothing scrolls sideways). */
async function checkConnectScreen(page: Page, testInfo: TestInfo, name: string) {
  await checkScreenInBothThemes(page, testInfo, name)
  await checkNarrowInBothThemes(page, testInfo, name)
}

const scope = (page: Page, name: RegExp) => page.getByRole("checkbox", { name })

test.describe("connecting an app", () => {
  test.setTimeout(150_000)

  test("a signed-out owner signs in, comes back to /connect and approves; the app's token works", async ({
    page,
  }, testInfo) => {
    const owner = await createConfirmedAccount("connect-owner")
    const callback = await startCallback()
    try {
      const clientId = await registerApp("Research Assistant", callback.redirectUri)
      const flow = authorizeUrl(clientId, callback.redirectUri, "translate read offline_access")
      await page.goto(flow.url)
      await signInHere(page, owner)

      await expect(page).toHaveURL(/\/connect\?interaction=/)
      await expect(
        page.getByRole("heading", {
          name: "Research Assistant wants to access Acme Localization",
        }),
      ).toBeVisible()
      await expect(page).toHaveTitle("Connect an app · Nativ")
      await expect(page.getByText(owner.email)).toBeVisible()
      await expect(page.getByRole("link", { name: /assistant\.example/ })).toBeVisible()
      await expect(scope(page, /^Culturalize text/)).toBeChecked()
      await expect(scope(page, /^See your languages/)).toBeChecked()
      await expect(scope(page, /^Stay connected/)).toBeChecked()
      await checkConnectScreen(page, testInfo, "consent")

      await page.getByRole("button", { name: "Approve" }).click()
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/callback\?/)
      expect(callback.visits).toHaveLength(1)
      const back = callback.visits[0]!
      expect(back.get("state")).toBe(flow.state)
      expect(back.get("code")).toBeTruthy()

      const tokens = await oauthForm("/oauth/token", {
        grant_type: "authorization_code",
        code: back.get("code")!,
        redirect_uri: callback.redirectUri,
        client_id: clientId,
        code_verifier: flow.verifier,
      })
      expect(tokens.status, JSON.stringify(tokens.json)).toBe(200)
      expect(tokens.json.refresh_token).toBeTruthy()
      const balance = await callApi("/usage/balance", tokens.json.access_token!)
      expect(balance.status, JSON.stringify(balance.json)).toBe(200)
    } finally {
      await callback.close()
    }
  })

  test("with two-factor on, the code step (and a reload) also comes back; Deny tells the app", async ({
    page,
  }) => {
    const owner = await createConfirmedAccount("connect-2fa")
    const { secret, step } = await enableTwoFactorViaApi(owner)
    const callback = await startCallback()
    try {
      const clientId = await registerApp("Writing Assistant", callback.redirectUri)
      const flow = authorizeUrl(clientId, callback.redirectUri, "translate offline_access")
      await page.goto(flow.url)
      await signInHere(page, owner)
      await expect(page).toHaveURL(/\/mfa$/)
      await page.reload()
      await expect(page).toHaveURL(/\/mfa$/)
      const { code } = await totpCode(secret, { after: step })
      await page.getByLabel("Authentication code").fill(code)
      await page.getByRole("button", { name: "Verify" }).click()

      await expect(page).toHaveURL(/\/connect\?interaction=/)
      await expect(
        page.getByRole("heading", { name: "Writing Assistant wants to access Acme Localization" }),
      ).toBeVisible()
      const connectUrl = page.url()
      await page.getByRole("button", { name: "Deny" }).click()
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/callback\?/)
      expect(callback.visits[0]?.get("error")).toBe("access_denied")
      expect(callback.visits[0]?.get("state")).toBe(flow.state)
      expect(callback.visits[0]?.get("code")).toBeNull()

      // The request is answered: its page now says it expired.
      await page.goto(connectUrl)
      await expect(page.getByRole("heading", { name: "This request has expired" })).toBeVisible()
    } finally {
      await callback.close()
    }
  })

  test("a member sees manage unavailable and can approve the rest", async ({ page }, testInfo) => {
    const owner = await createConfirmedAccount("connect-team-owner")
    const member = { email: uniqueEmail("connect-member"), password: "team-secret-42" }
    await inviteMember(await accessToken(owner), member.email, "member")
    await acceptInvitation(member)
    const callback = await startCallback()
    try {
      const clientId = await registerApp("Style Assistant", callback.redirectUri)
      const flow = authorizeUrl(clientId, callback.redirectUri, "translate manage")
      await page.goto(flow.url)
      await signInHere(page, member)
      await expect(page).toHaveURL(/\/connect\?interaction=/)
      const manage = scope(page, /^Change your glossaries/)
      await expect(manage).toBeDisabled()
      await expect(manage).not.toBeChecked()
      await expect(page.getByText("Only owners and admins can allow this.")).toBeVisible()
      await expect(page.getByText("(Member)")).toBeVisible()
      await checkConnectScreen(page, testInfo, "member")

      // Approving grants what a member may: the app's token has no manage.
      await page.getByRole("button", { name: "Approve" }).click()
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/callback\?/)
      const tokens = await oauthForm("/oauth/token", {
        grant_type: "authorization_code",
        code: callback.visits[0]!.get("code")!,
        redirect_uri: callback.redirectUri,
        client_id: clientId,
        code_verifier: flow.verifier,
      })
      expect(tokens.status, JSON.stringify(tokens.json)).toBe(200)
      expect(tokens.json.scope?.split(" ")).toContain("translate")
      expect(tokens.json.scope?.split(" ")).not.toContain("manage")
    } finally {
      await callback.close()
    }
  })

  test("an approval with a scope left out still sends the app its code", async ({ page }) => {
    await signedInAccount(page, "connect-partial")
    const callback = await startCallback()
    try {
      const clientId = await registerApp("Partial Assistant", callback.redirectUri)
      const flow = authorizeUrl(clientId, callback.redirectUri, "translate read")
      await page.goto(flow.url)
      await scope(page, /^See your languages/).uncheck()
      await page.getByRole("button", { name: "Approve" }).click()
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/callback\?/)
      const tokens = await oauthForm("/oauth/token", {
        grant_type: "authorization_code",
        code: callback.visits[0]!.get("code")!,
        redirect_uri: callback.redirectUri,
        client_id: clientId,
        code_verifier: flow.verifier,
      })
      expect(tokens.status, JSON.stringify(tokens.json)).toBe(200)
      expect(tokens.json.scope?.split(" ")).not.toContain("read")
    } finally {
      await callback.close()
    }
  })

  test("an expired or unknown request says so", async ({ page }, testInfo) => {
    await signedInAccount(page, "connect-expired")
    await page.goto("/connect?interaction=no-such-request")
    await expect(page.getByRole("heading", { name: "This request has expired" })).toBeVisible()
    await expect(page.getByText(/expired or was already used/)).toBeVisible()
    await checkConnectScreen(page, testInfo, "expired")
  })
})

test.describe("connecting a device", () => {
  test.setTimeout(150_000)

  async function deviceCode() {
    const started = await oauthForm("/oauth/device/code", {
      client_id: "nativ-cli",
      scope: "translate read offline_access",
    })
    expect(started.status, JSON.stringify(started.json)).toBe(200)
    return started.json as {
      device_code: string
      user_code: string
      verification_uri_complete: string
      interval: string
    }
  }

  /** The CLI's poll: waits out authorization_pending and slow_down as RFC 8628 asks. */
  async function poll(device: { device_code: string; interval: string }) {
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = await oauthForm("/oauth/token", {
        grant_type: "urn:ietf:params:oauth:grant-type:device_code",
        device_code: device.device_code,
        client_id: "nativ-cli",
      })
      if (answer.json.error !== "authorization_pending" && answer.json.error !== "slow_down")
        return answer
      await new Promise((resolve) => setTimeout(resolve, (Number(device.interval) || 5) * 1000))
    }
    throw new Error("the device was never answered")
  }

  test("a signed-out visitor follows the CLI's link, signs in, approves; the CLI gets tokens", async ({
    page,
  }, testInfo) => {
    const owner = await createConfirmedAccount("activate-owner")
    const device = await deviceCode()
    const link = new URL(device.verification_uri_complete)
    expect(link.pathname).toBe("/activate")
    await page.goto(`${link.pathname}${link.search}`)
    await signInHere(page, owner)

    await expect(page).toHaveURL(/\/activate\?user_code=/)
    await expect(page).toHaveTitle("Connect a device · Nativ")
    await expect(page.getByLabel("Code")).toHaveValue(device.user_code)
    await checkConnectScreen(page, testInfo, "code")

    // A wrong code is refused under the field.
    await page.getByLabel("Code").fill("BCDF-GHJK")
    await page.getByRole("button", { name: "Continue" }).click()
    await expect(page.getByText("That code is not valid.", { exact: false })).toBeVisible()
    await expect(page.getByLabel("Code")).toHaveAttribute("aria-invalid", "true")
    await checkConnectScreen(page, testInfo, "wrong-code")

    // Lower case with the dash, as a person might type it.
    await page.getByLabel("Code").fill(device.user_code.toLowerCase())
    await page.getByRole("button", { name: "Continue" }).click()
    await expect(
      page.getByRole("heading", { name: "Nativ CLI wants to access Acme Localization" }),
    ).toBeVisible()
    await checkConnectScreen(page, testInfo, "device-consent")
    await page.getByRole("button", { name: "Approve" }).click()
    await expect(page.getByRole("heading", { name: "Nativ CLI is connected" })).toBeVisible()
    await expect(page.getByText("You can close this tab and return to Nativ CLI.")).toBeVisible()
    await checkConnectScreen(page, testInfo, "device-done")

    const tokens = await poll(device)
    expect(tokens.status, JSON.stringify(tokens.json)).toBe(200)
    expect(tokens.json.refresh_token).toBeTruthy()
    const balance = await callApi("/usage/balance", tokens.json.access_token!)
    expect(balance.status, JSON.stringify(balance.json)).toBe(200)

    // The code is spent: typing it again says so.
    await page.goto("/activate")
    await page.getByLabel("Code").fill(device.user_code)
    await page.getByRole("button", { name: "Continue" }).click()
    await expect(page.getByText("That code was already used.", { exact: false })).toBeVisible()
  })

  test("a code typed without its dash can be denied; the CLI hears access_denied", async ({
    page,
  }) => {
    await signedInAccount(page, "activate-deny")
    const device = await deviceCode()
    await page.goto("/activate")
    await page.getByLabel("Code").fill(device.user_code.replace("-", "").toLowerCase())
    await page.getByRole("button", { name: "Continue" }).click()
    await page.getByRole("button", { name: "Deny" }).click()
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible()
    const answer = await poll(device)
    expect(answer.status).toBe(400)
    expect(answer.json.error).toBe("access_denied")
  })
})
