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
