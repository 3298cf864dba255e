import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib"

import { afterAll, describe, expect, it } from "vitest"

import { preferredEncoding } from "./accept-encoding"
import { webRoutes } from "./static"

const root = mkdtempSync(join(tmpdir(), "nativ-web-"))
mkdirSync(join(root, "assets"))
writeFileSync(join(root, "index.html"), "<!doctype html><title>Nativ</title><div id=root></div>")
writeFileSync(join(root, "assets", "main-abc123.js"), "console.log('app')")
// What the build's precompress step writes beside a larger file.
const bundle = `export const app = ${JSON.stringify("x".repeat(4000))}`
writeFileSync(join(root, "assets", "index-def456.js"), bundle)
writeFileSync(join(root, "assets", "index-def456.js.br"), brotliCompressSync(bundle))
writeFileSync(join(root, "assets", "index-def456.js.gz"), gzipSync(bundle))
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

  it("answers a browser's unknown page with the app (its not-found screen) and status 404", async () => {
    const html = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" }
    for (const path of ["/no/such/page", "/operation", "/credits/receipts", "/settings/x"]) {
      const response = await app.request(path, { headers: html })
      expect(response.status, path).toBe(404)
      expect(await response.text()).toContain("<div id=root></div>")
    }
    for (const path of ["/operations/", "/credits/receipts/8f1c", "/api-keys"]) {
      const response = await app.request(path, { headers: html })
      expect(response.status, path).toBe(200)
    }
  })

  it("answers unknown API, Supabase, discovery and SDK paths with a JSON 404, whatever the method", async () => {
    const html = { Accept: "text/html" }
    for (const [method, path] of [
      ["POST", "/image/culturalize"],
      ["POST", "/image/inspect"],
      ["GET", "/storage/v1/object/list/avatars"],
      ["GET", "/realtime/v1/websocket"],
      ["GET", "/.well-known/oauth-authorization-server"],
      ["GET", "/.well-known/oauth-protected-resource"],
      ["GET", "/graphql/v1"],
      ["GET", "/favicon.png"],
      ["DELETE", "/operations"],
      ["GET", "/no/such/page"],
    ] as const) {
      const headers = path === "/favicon.png" || path.startsWith("/.well-known") ? html : {}
      const response = await app.request(path, { method, headers })
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(response.headers.get("content-type")).toMatch(/application\/json/)
      const body = (await response.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe("not_found")
      expect(body.error.message).toContain(path)
    }
  })

  it("answers JSON 404s also when the dashboard is not built", async () => {
    const bare = webRoutes(null)
    expect((await bare.request("/")).status).toBe(200)
    const response = await bare.request("/image/culturalize", { method: "POST" })
    expect(response.status).toBe(404)
    expect(((await response.json()) as { detail: string }).detail).toMatch(/No such endpoint/)
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

  it("sends the brotli variant of an asset to a browser that accepts it", async () => {
    const response = await app.request("/assets/index-def456.js", {
      headers: { "Accept-Encoding": "gzip, deflate, br, zstd" },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-encoding")).toBe("br")
    expect(response.headers.get("content-type")).toMatch(/javascript/)
    expect(response.headers.get("vary")).toBe("Accept-Encoding")
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    const body = Buffer.from(await response.arrayBuffer())
    expect(brotliDecompressSync(body).toString()).toBe(bundle)
  })

  it("sends the gzip variant when brotli is not accepted", async () => {
    const response = await app.request("/assets/index-def456.js", {
      headers: { "Accept-Encoding": "gzip" },
    })
    expect(response.headers.get("content-encoding")).toBe("gzip")
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(bundle)
  })

  it("sends plain bytes, still varying on Accept-Encoding, to a client that accepts none", async () => {
    for (const path of ["/assets/index-def456.js", "/assets/main-abc123.js"]) {
      const response = await app.request(path)
      expect(response.headers.get("content-encoding")).toBeNull()
      expect(response.headers.get("vary")).toBe("Accept-Encoding")
    }
    const plain = await app.request("/assets/index-def456.js")
    expect(await plain.text()).toBe(bundle)
  })

  it("compresses index.html for every client-side route, keeping it uncached", async () => {
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const response = await app.request("/operations", {
        headers: { "Accept-Encoding": encoding },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get("content-encoding")).toBe(encoding)
      expect(response.headers.get("content-type")).toBe("text/html; charset=UTF-8")
      expect(response.headers.get("cache-control")).toBe("no-cache")
      expect(response.headers.get("vary")).toBe("Accept-Encoding")
      const body = Buffer.from(await response.arrayBuffer())
      expect(decode(body).toString()).toContain("<div id=root></div>")
    }
  })
})

describe("choosing a content encoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br")
    expect(preferredEncoding("gzip;q=1.0, br;q=0")).toBe("gzip")
    expect(preferredEncoding("deflate")).toBeNull()
    expect(preferredEncoding("*")).toBe("gzip")
    expect(preferredEncoding(undefined)).toBeNull()
  })
})
