import { createHash, randomBytes } from "node:crypto"

import { expect, type Page, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { checkNarrowInBothThemes } from "../support/narrow-themes"
import { expectFitsWidth, expectToast } from "../support/screens"
import { baseUrl, callServer, uniqueEmail } from "../support/server"
import { acceptInvitation, callApi, inviteMember } from "../support/team"
import { accessToken, checkScreenInBothThemes, signedInAccount } from "../support/workspace"

const SCOPES = ["translate", "read", "offline_access"]
const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
const REDIRECT_URI = "http://127.0.0.1:9/callback"

/** A form POST to the OAuth endpoints, which do not take JSON. */
async function postForm(path: string, form: Record<string, string>) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  })
  return { status: response.status, json: (await response.json()) as Record<string, string> }
}

/**
 * The Nativ CLI signing in with the device flow, approved by the person holding `personToken`
 * (what /activate does): the app's access token.
 */
async function connectCli(personToken: string) {
  const device = await postForm("/oauth/device/code", {
    client_id: "nativ-cli",
    scope: SCOPES.join(" "),
  })
  expect(device.status, JSON.stringify(device.json)).toBe(200)
  const approved = await callServer("/oauth/device/approve", {
    method: "POST",
    body: { user_code: device.json.user_code, scopes: SCOPES },
    bearer: personToken,
  })
  expect(approved.status, JSON.stringify(approved.json)).toBe(200)
  const tokens = await postForm("/oauth/token", {
    grant_type: DEVICE_CODE_GRANT,
    device_code: device.json.device_code as string,
    client_id: "nativ-cli",
  })
  expect(tokens.status, JSON.stringify(tokens.json)).toBe(200)
  return tokens.json.access_token as string
}

/**
 * An AI assistant registering itself and connecting with the authorization code flow and PKCE,
 * approved by the person holding `personToken` (what /connect does). The consent is tied to the
 * browser that started it by a cookie, so the cookies are carried across the redirects.
 */
async function connectAssistant(personToken: string, clientName: string) {
  const registered = await callServer("/oauth/register", {
    method: "POST",
    body: {
      client_name: clientName,
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    },
  })
  expect(registered.status, JSON.stringify(registered.json)).toBe(201)
  const clientId = (registered.json as { client_id: string }).client_id

  const cookies = new Map<string, string>()
  const get = async (url: URL, init: RequestInit = {}) => {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ")
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie },
    })
    for (const line of response.headers.getSetCookie()) {
      const [name, ...value] = line.split(";")[0]!.split("=")
      cookies.set(name!.trim(), value.join("="))
    }
    return response
  }
  /** Follows this server's /oauth redirects; stops on the dashboard or at the app's address. */
  const follow = async (start: URL) => {
    let url = start
    while (url.origin === baseUrl && url.pathname.startsWith("/oauth/")) {
      const response = await get(url)
      const location = response.headers.get("location")
      expect(location, `${url.pathname}: ${response.status}`).toBeTruthy()
      url = new URL(location as string, url)
    }
    return url
  }

  const verifier = randomBytes(32).toString("base64url")
  const authorize = new URL("/oauth/authorize", baseUrl)
  authorize.search = new URLSearchParams({
    client_id: clientId,
    response_type: "code",
    redirect_uri: REDIRECT_URI,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state: "e2e-state",
    scope: SCOPES.join(" "),
  }).toString()
  const consent = await follow(authorize)
  expect(consent.pathname).toBe("/connect")
  const uid = consent.searchParams.get("interaction") as string
  const approved = await get(new URL(`/oauth/interaction/${uid}/approve`, baseUrl), {
    method: "POST",
    headers: { Authorization: `Bearer ${personToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ scopes: SCOPES }),
  })
  const answer = (await approved.json()) as { redirect_to: string }
  expect(approved.status, JSON.stringify(answer)).toBe(200)
  const back = await follow(new URL(answer.redirect_to, baseUrl))
  expect(back.origin + back.pathname).toBe(REDIRECT_URI)
  const tokens = await postForm("/oauth/token", {
    grant_type: "authorization_code",
    code: back.searchParams.get("code") as string,
    redirect_uri: REDIRECT_URI,
    client_id: clientId,
    code_verifier: verifier,
  })
  expect(tokens.status, JSON.stringify(tokens.json)).toBe(200)
  return tokens.json.access_token as string
}

const openTab = async (page: Page) => {
  await page.goto("/settings?tab=connected-apps")
  await expect(page.getByRole("tab", { name: "Connected apps" })).toHaveAttribute(
    "aria-selected",
    "true",
  )
}

test.describe("connected apps", () => {
  test.setTimeout(120_000)

  test("an owner sees the apps they connected, when one was used, and disconnects it for good", async ({
    page,
  }, testInfo) => {
    const owner = await signedInAccount(page, "connected-apps-owner")
    await openTab(page)
    await expect(page.getByText("No connected apps")).toBeVisible()
    await expect(
      page.getByText("As an owner or admin you see everyone's apps", { exact: false }),
    ).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "empty")
    await expectFitsWidth(page, 375)

    const ownerToken = await accessToken(owner)
    await connectCli(ownerToken)
    const assistantToken = await connectAssistant(ownerToken, "Test Assistant")
    await page.reload()
    const cli = page.getByRole("listitem", { name: "Nativ CLI" })
    await expect(cli).toContainText(`Approved by you (${owner.email})`)
    await expect(cli.getByRole("list", { name: "Permissions" })).toHaveText(
      /Translate.*Read.*Stay connected/,
    )
    await expect(cli.getByText("Read", { exact: true })).toHaveAccessibleDescription(
      "See your languages, usage and operations",
    )
    const assistant = page.getByRole("listitem", { name: "Test Assistant" })
    await expect(assistant).toContainText(`Approved by you (${owner.email})`)
    await expect(assistant).toContainText("Never used")

    // The app's token works on the product API, and the tab then says when it was last used.
    const used = await callApi("/usage/balance", assistantToken)
    expect(used.status, JSON.stringify(used.json)).toBe(200)
    await page.reload()
    await expect(assistant).not.toContainText("Never used")
    await expect(assistant).toContainText(/Last used\s*[A-Z][a-z]{2} \d{1,2}, \d{4}/)
    await checkScreenInBothThemes(page, testInfo, "listed")
    await expectFitsWidth(page, 375)
    await checkNarrowInBothThemes(page, testInfo, "listed")

    // Keyboard: a permission shows its description on focus; Disconnect opens on Enter.
    await assistant.getByText("Translate", { exact: true }).focus()
    await expect(page.getByRole("tooltip")).toContainText("Culturalize text, files and images")
    await assistant.getByRole("button", { name: "Disconnect Test Assistant" }).focus()
    await page.keyboard.press("Enter")
    const confirm = page.getByRole("alertdialog", { name: "Disconnect Test Assistant?" })
    await expect(confirm).toContainText(
      `"Test Assistant", approved by you (${owner.email}), loses access immediately`,
    )
    await expect(confirm).toContainText("It can be connected again.")
    await checkScreenInBothThemes(page, testInfo, "confirm")
    await expectFitsWidth(page, 375)
    await confirm.getByRole("button", { name: "Disconnect", exact: true }).click()
    await expectToast(page, "App disconnected", "Test Assistant no longer has access.")
    await expect(assistant).toHaveCount(0)
    await expect(cli).toBeVisible()

    // Refused on the next request, and still gone after a reload.
    expect((await callApi("/usage/balance", assistantToken)).status).toBe(401)
    await page.reload()
    await expect(cli).toBeVisible()
    await expect(assistant).toHaveCount(0)
  })

  test("the Nativ CLI, connected with the device flow, works until the owner disconnects it", async ({
    page,
  }) => {
    const owner = await signedInAccount(page, "connected-apps-cli")
    const cliToken = await connectCli(await accessToken(owner))
    const used = await callApi("/usage/balance", cliToken)
    expect(used.status, JSON.stringify(used.json)).toBe(200)

    await openTab(page)
    const cli = page.getByRole("listitem", { name: "Nativ CLI" })
    await expect(cli).toContainText(/Last used\s*[A-Z][a-z]{2} \d{1,2}, \d{4}/)
    await cli.getByRole("button", { name: "Disconnect Nativ CLI" }).click()
    await page
      .getByRole("alertdialog", { name: "Disconnect Nativ CLI?" })
      .getByRole("button", { name: "Disconnect", exact: true })
      .click()
    await expectToast(page, "App disconnected", "Nativ CLI no longer has access.")
    await expect(page.getByText("No connected apps")).toBeVisible()
    expect((await callApi("/usage/balance", cliToken)).status).toBe(401)
  })

  test("a member sees only the app they connected; the owner sees everyone's", async ({
    page,
    browser,
  }, testInfo) => {
    const owner = await createConfirmedAccount("connected-apps-team-owner")
    const ownerToken = await accessToken(owner)
    const member = { email: uniqueEmail("connected-apps-member"), password: "member-secret-42" }
    await inviteMember(ownerToken, member.email, "member")
    const memberToken = await acceptInvitation(member)

    await connectCli(ownerToken)
    const assistantToken = await connectAssistant(memberToken, "Test Assistant")
    expect((await callApi("/usage/balance", assistantToken)).status).toBe(200)

    await signIn(page, member)
    await openTab(page)
    const assistant = page.getByRole("listitem", { name: "Test Assistant" })
    await expect(assistant).toContainText(`Approved by you (${member.email})`)
    await expect(page.getByText("You see the apps you approved", { exact: false })).toBeVisible()
    await expect(page.getByRole("listitem", { name: "Nativ CLI" })).toHaveCount(0)
    await expect(
      page.getByRole("list", { name: "Connected apps" }).locator(":scope > li"),
    ).toHaveCount(1)
    await checkScreenInBothThemes(page, testInfo, "member")
    await expectFitsWidth(page, 375)

    const ownerContext = await browser.newContext()
    try {
      const ownerPage = await ownerContext.newPage()
      await signIn(ownerPage, owner)
      await openTab(ownerPage)
      await expect(ownerPage.getByRole("listitem", { name: "Nativ CLI" })).toContainText(
        `Approved by you (${owner.email})`,
      )
      const theirs = ownerPage.getByRole("listitem", { name: "Test Assistant" })
      await expect(theirs).toContainText(`Approved by ${member.email}`)
      await expect(theirs).not.toContainText("Approved by you")
      await checkScreenInBothThemes(ownerPage, testInfo, "owner-team")
      await expectFitsWidth(ownerPage, 375)
      await checkNarrowInBothThemes(ownerPage, testInfo, "owner-team")

      // An owner may disconnect a member's app, and it is refused at once.
      await theirs.getByRole("button", { name: "Disconnect Test Assistant" }).click()
      const confirm = ownerPage.getByRole("alertdialog", { name: "Disconnect Test Assistant?" })
      await expect(confirm).toContainText(`approved by ${member.email}`)
      await confirm.getByRole("button", { name: "Disconnect", exact: true }).click()
      await expectToast(ownerPage, "App disconnected", "Test Assistant no longer has access.")
      await expect(theirs).toHaveCount(0)
      expect((await callApi("/usage/balance", assistantToken)).status).toBe(401)
    } finally {
      await ownerContext.close()
    }
  })
})
