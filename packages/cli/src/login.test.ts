import { readFile, stat, writeFile } from "node:fs/promises"
import { join } from "node:path"

import { afterAll, beforeAll, describe, expect, it } from "vitest"

import {
  type ApiUser,
  nativ,
  scratchDir,
  signedInUser,
  startServer,
  type TestApp,
} from "./testing/cli-test-kit"

let app: TestApp
let owner: ApiUser
let configDir: string
let cleanup: () => Promise<void>
let env: Record<string, string>
beforeAll(async () => {
  app = await startServer()
  owner = await signedInUser(app, 100)
  ;[configDir, cleanup] = await scratchDir("config")
  env = { NATIV_API_URL: app.url, NATIV_CONFIG_DIR: configDir }
})
afterAll(async () => {
  await app.close()
  await cleanup()
})

const credentialsFile = () => join(configDir, "credentials.json")
type Credentials = {
  servers: Record<string, { access_token: string; refresh_token: string; expires_at: number }>
}
const stored = async () =>
  (JSON.parse(await readFile(credentialsFile(), "utf8")) as Credentials).servers[app.url]!

/** Approves the code `nativ login` shows, as the person does on /activate. */
function approveWhenShown(person: ApiUser) {
  let approving: Promise<Response> | undefined
  return {
    onStderr(all: string) {
      const code = /\b([A-Z]{4}-[A-Z]{4})\b/.exec(all)?.[1]
      if (!code || approving) return
      approving = app.fetch("/oauth/device/approve", {
        method: "POST",
        headers: { Authorization: `Bearer ${person.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ user_code: code, scopes: ["translate", "read", "offline_access"] }),
      })
    },
    approved: () => approving,
  }
}

describe("nativ login (device flow), refresh and logout", () => {
  it("signs in with the code approved on /activate, keeps the tokens 0600 and uses them", async () => {
    const approval = approveWhenShown(owner)
    const login = await nativ(["login", "--json"], { env, onStderr: approval.onStderr })
    expect(login.stderr).toContain(`${app.url}/activate`)
    expect((await approval.approved())!.status).toBe(200)
    expect(login.code, login.stderr).toBe(0)
    expect(login.json()).toEqual({ server: app.url, scopes: ["translate", "read"] })
    expect((await stat(credentialsFile())).mode & 0o777).toBe(0o600)

    const translated = await nativ(["t", "Good morning", "--to", "French", "--json"], { env })
    expect(translated.code, translated.stderr).toBe(0)
    expect(translated.json<{ translated_text: string }>().translated_text).toBeTruthy()
  })

  it("refreshes an expired access token and keeps the rotated refresh token", async () => {
    const before = await stored()
    await writeFile(
      credentialsFile(),
      JSON.stringify({ version: 1, servers: { [app.url]: { ...before, expires_at: 0 } } }),
      { mode: 0o600 },
    )
    const languages = await nativ(["languages", "--json"], { env })
    expect(languages.code, languages.stderr).toBe(0)
    expect(Array.isArray(languages.json())).toBe(true)
    const after = await stored()
    expect(after.access_token).not.toBe(before.access_token)
    expect(after.refresh_token).not.toBe(before.refresh_token)
    expect(after.expires_at).toBeGreaterThan(Date.now())
  })

  it("logs out by revoking the sign-in: the old refresh token is dead and commands exit 3", async () => {
    const { refresh_token } = await stored()
    const out = await nativ(["logout"], { env })
    expect(out.code).toBe(0)
    expect(out.stdout).toContain("Signed out")
    await expect(stat(credentialsFile())).rejects.toThrow()

    const reuse = await app.fetch("/oauth/token", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token,
        client_id: "nativ-cli",
      }).toString(),
    })
    expect(reuse.status).toBe(400)

    const signedOut = await nativ(["languages"], { env })
    expect(signedOut.code).toBe(3)
    expect(signedOut.stderr).toContain("nativ login")
  })

  it("ends with exit 3 when the person denies the sign-in", async () => {
    let denying: Promise<Response> | undefined
    const login = await nativ(["login"], {
      env,
      onStderr: (all) => {
        const code = /\b([A-Z]{4}-[A-Z]{4})\b/.exec(all)?.[1]
        if (code && !denying)
          denying = app.fetch("/oauth/device/deny", {
            method: "POST",
            headers: { Authorization: `Bearer ${owner.token}`, "Content-Type": "application/json" },
            body: JSON.stringify({ user_code: code }),
          })
      },
    })
    expect(login.code).toBe(3)
    expect(login.stderr).toContain("denied")
  })
})
