import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createApp } from "../app"
import type { AppDeps } from "../deps"
import { loadEnv } from "../env"
import { createTestApp, type TestApp } from "../testing/test-app"

type Config = {
  supabaseUrl: string
  apiUrl: string
  apiDocsUrl: string
  engine: { kind: string; model: string | null }
  creditsPer100Chars: number
  signupCredits: number
}

/**
 * /config.json tells the dashboard where to call. A server opened at another address than its
 * default PUBLIC_URL (127.0.0.1 for localhost, a LAN name, behind a proxy) must still work.
 */
describe("/config.json names the server the dashboard calls", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(() => app.close())

  /** This server's app with the environment `loadEnv` makes of `vars`, answering in-process. */
  const appWithEnv = (vars: Record<string, string>) =>
    createApp(
      { ...app.deps, env: loadEnv({ NODE_ENV: "test", PORT: "8080", ...vars }) } as AppDeps,
      { webRoot: null },
    )
  const configAt = async (
    target: ReturnType<typeof appWithEnv>,
    url: string,
    headers: Record<string, string> = {},
  ) => (await (await target.request(url, { headers })).json()) as Config

  it("without PUBLIC_URL: the origin the dashboard was loaded from", async () => {
    const server = appWithEnv({})
    for (const origin of [
      "http://127.0.0.1:8080",
      "http://localhost:8080",
      "http://192.168.1.20:8080",
      "http://[::1]:8080",
    ]) {
      const config = await configAt(server, `${origin}/config.json`)
      expect(config, origin).toMatchObject({
        supabaseUrl: origin,
        apiUrl: `${origin}/api/v1`,
        apiDocsUrl: `${origin}/api/v1/docs`,
      })
    }
  })

  it("with PUBLIC_URL or API_URL set: those, wherever the dashboard was opened", async () => {
    const server = appWithEnv({
      PUBLIC_URL: "https://nativ.example",
      API_URL: "https://api.nativ.example/api/v1",
    })
    expect(await configAt(server, "http://127.0.0.1:8080/config.json")).toMatchObject({
      supabaseUrl: "https://nativ.example",
      apiUrl: "https://api.nativ.example/api/v1",
    })
    const apiOnly = appWithEnv({ API_URL: "https://api.nativ.example/api/v1" })
    expect(await configAt(apiOnly, "http://10.0.0.5:8080/config.json")).toMatchObject({
      supabaseUrl: "http://10.0.0.5:8080",
      apiUrl: "https://api.nativ.example/api/v1",
    })
  })

  it("never echoes a forged Host, and reads forwarded headers only from trusted proxies", async () => {
    const server = appWithEnv({})
    const forged = await configAt(server, "http://127.0.0.1:8080/config.json", {
      host: "evil.example/<script>",
    })
    expect(forged.supabaseUrl).toBe("http://localhost:8080")

    const forwarded = { "x-forwarded-host": "nativ.example", "x-forwarded-proto": "https" }
    const direct = await configAt(server, "http://10.0.0.5:8080/config.json", forwarded)
    expect(direct.supabaseUrl).toBe("http://10.0.0.5:8080")
    const proxied = await configAt(
      appWithEnv({ TRUST_PROXY: "1" }),
      "http://10.0.0.5:8080/config.json",
      forwarded,
    )
    expect(proxied).toMatchObject({
      supabaseUrl: "https://nativ.example",
      apiUrl: "https://nativ.example/api/v1",
    })
  })

  it("is not cached across hosts", async () => {
    const res = await appWithEnv({}).request("http://127.0.0.1:8080/config.json")
    expect(res.headers.get("cache-control")).toBe("no-cache")
    expect(res.headers.get("vary")).toMatch(/Host/)
  })
})

describe("/config.json says which engine runs and what a run costs", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(() => app.close())

  const configOf = async (vars: Record<string, string>, engine?: AppDeps["engine"]) => {
    const env = loadEnv({ NODE_ENV: "test", PORT: "8080", ...vars })
    const server = createApp({ ...app.deps, env, engine: engine ?? app.deps.engine } as AppDeps, {
      webRoot: null,
    })
    const res = await server.request("http://localhost:8080/config.json")
    return { text: await res.clone().text(), config: (await res.json()) as Config }
  }

  it("by default: the offline engine, no model, one credit per 100 characters, no sign-up credits", async () => {
    const { config } = await configOf({})
    expect(config).toMatchObject({
      engine: { kind: "offline", model: null },
      creditsPer100Chars: 1,
      signupCredits: 0,
    })
  })

  it("names a model engine's kind and model, never its address or key", async () => {
    const secretUrl = "https://user:hunter2@models.internal.example/v1"
    const { text, config } = await configOf(
      {
        ENGINE: "openai",
        ENGINE_BASE_URL: secretUrl,
        ENGINE_API_KEY: "sk-very-secret",
        ENGINE_MODEL: "gpt-4o-mini",
        CREDITS_PER_100_CHARS: "3",
        SIGNUP_CREDITS: "500",
      },
      { ...app.deps.engine, name: "openai" },
    )
    expect(config).toMatchObject({
      engine: { kind: "openai", model: "gpt-4o-mini" },
      creditsPer100Chars: 3,
      signupCredits: 500,
    })
    expect(text).not.toContain("hunter2")
    expect(text).not.toContain("models.internal.example")
    expect(text).not.toContain("sk-very-secret")
  })

  it("refuses a negative or fractional SIGNUP_CREDITS at start-up", () => {
    expect(() => loadEnv({ SIGNUP_CREDITS: "-5" })).toThrow(/SIGNUP_CREDITS/)
    expect(() => loadEnv({ SIGNUP_CREDITS: "2.5" })).toThrow(/SIGNUP_CREDITS/)
  })
})
