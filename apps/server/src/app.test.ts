import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createTestApp, type TestApp } from "./testing/test-app"

describe("server basics", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(() => app.close())

  it("answers liveness on /healthz", async () => {
    const res = await app.fetch("/healthz")
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: "ok" })
  })

  it("is ready once the database is reachable and migrated", async () => {
    const res = await app.fetch("/readyz")
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: "ready" })
  })

  it("serves the dashboard's runtime configuration with the anon key", async () => {
    const res = await app.fetch("/config.json")
    const config = (await res.json()) as { supabaseAnonKey: string }
    expect(config).toMatchObject({ supabaseUrl: app.url, apiUrl: `${app.url}/api/v1` })
    const claims = await app.deps.jwt.verify(config.supabaseAnonKey)
    expect(claims.role).toBe("anon")
  })

  it("answers CORS preflight and exposes the headers supabase-js reads", async () => {
    const res = await app.fetch("/rest/v1/users", {
      method: "OPTIONS",
      headers: {
        Origin: "http://example.test",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "apikey,authorization",
      },
    })
    expect(res.status).toBeLessThan(300)
    expect(res.headers.get("access-control-allow-origin")).toBe("*")
    expect(res.headers.get("access-control-allow-headers")).toContain("apikey")
    const simple = await app.fetch("/healthz", { headers: { Origin: "http://example.test" } })
    expect(simple.headers.get("access-control-expose-headers")).toContain("Content-Range")
    expect(simple.headers.get("access-control-expose-headers")).toContain("X-Supabase-Api-Version")
  })
})
