import { Hono } from "hono"
import { describe, expect, it } from "vitest"

import { corsMiddleware } from "./cors"

function appWith(origins: string) {
  const app = new Hono()
  app.use(corsMiddleware(origins))
  app.get("/thing", (c) => c.json({ ok: true }, 200, { "Content-Range": "0-0/1" }))
  return app
}

const preflight = (origin: string) => ({
  method: "OPTIONS",
  headers: {
    Origin: origin,
    "Access-Control-Request-Method": "GET",
    "Access-Control-Request-Headers": "apikey, authorization ,x-client-info",
  },
})

describe("CORS", () => {
  it("lets any origin call and read the exposed headers by default", async () => {
    const app = appWith("*")
    const res = await app.request("/thing", { headers: { Origin: "http://a.test" } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    expect(res.headers.get("access-control-allow-origin")).toBe("*")
    expect(res.headers.get("access-control-expose-headers")).toContain("Content-Range")
    expect(res.headers.get("content-range")).toBe("0-0/1")
    expect(res.headers.get("vary")).toBeNull()
  })

  it("answers a preflight with 204, the methods and the echoed request headers", async () => {
    const res = await appWith("").request("/thing", preflight("http://a.test"))
    expect(res.status).toBe(204)
    expect(await res.text()).toBe("")
    expect(res.headers.get("access-control-allow-origin")).toBe("*")
    expect(res.headers.get("access-control-allow-methods")).toBe(
      "GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS",
    )
    expect(res.headers.get("access-control-allow-headers")).toBe(
      "apikey,authorization,x-client-info",
    )
    expect(res.headers.get("access-control-max-age")).toBe("600")
    expect(res.headers.get("vary")).toBe("Access-Control-Request-Headers")
  })

  it("with a list of origins, allows only those and varies on Origin", async () => {
    const app = appWith("http://a.test, http://b.test")
    const allowed = await app.request("/thing", { headers: { Origin: "http://b.test" } })
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://b.test")
    expect(allowed.headers.get("vary")).toBe("Origin")
    const other = await app.request("/thing", { headers: { Origin: "http://evil.test" } })
    expect(other.status).toBe(200)
    expect(other.headers.get("access-control-allow-origin")).toBeNull()
    const refusedPreflight = await app.request("/thing", preflight("http://evil.test"))
    expect(refusedPreflight.headers.get("access-control-allow-origin")).toBeNull()
    expect(refusedPreflight.headers.get("vary")).toBe("Origin, Access-Control-Request-Headers")
  })
})
