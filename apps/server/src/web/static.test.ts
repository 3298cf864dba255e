import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import { afterAll, describe, expect, it } from "vitest"

import { webRoutes } from "./static"

const root = mkdtempSync(join(tmpdir(), "nativ-web-"))
mkdirSync(join(root, "assets"))
writeFileSync(join(root, "index.html"), "<!doctype html><title>Nativ</title><div id=root></div>")
writeFileSync(join(root, "assets", "main-abc123.js"), "console.log('app')")
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe("the built dashboard", () => {
  const app = webRoutes(root)

  it("serves index.html at / and at every client-side route, never cached", async () => {
    for (const path of ["/", "/operations", "/set-password?access_token=a&refresh_token=b"]) {
      const response = await app.request(path)
      expect(response.status).toBe(200)
      expect(response.headers.get("cache-control")).toBe("no-cache")
      expect(await response.text()).toContain("<div id=root></div>")
    }
  })

  it("serves hashed assets with a one-year immutable cache", async () => {
    const response = await app.request("/assets/main-abc123.js")
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    expect(response.headers.get("content-type")).toMatch(/javascript/)
  })

  it("answers a missing asset with 404 instead of the page", async () => {
    const response = await app.request("/assets/main-old999.js")
    expect(response.status).toBe(404)
    expect(response.headers.get("cache-control")).toBeNull()
  })
})
