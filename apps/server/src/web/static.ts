import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { brotliCompressSync, gzipSync } from "node:zlib"

import { serveStatic } from "@hono/node-server/serve-static"
import { Hono } from "hono"
import type { MiddlewareHandler } from "hono"

import { preferredEncoding } from "./accept-encoding"
import { classifyUnknownPath, jsonNotFound } from "./not-found"

/** Finds apps/web/dist by walking up from this module; null when the dashboard is not built. */
export function findWebDist(from = dirname(fileURLToPath(import.meta.url))): string | null {
  let dir = from
  for (;;) {
    const candidate = join(dir, "apps", "web", "dist")
    if (existsSync(join(candidate, "index.html"))) return candidate
    const parent = dirname(dir)
    if (parent === dir) return null
    dir = parent
  }
}

/** The built dashboard's index.html. */
export function readIndexHtml(root: string) {
  return readFileSync(join(root, "index.html"), "utf8")
}

/**
 * serveStatic with the build's .br and .gz variants. Every file it serves may differ by
 * Accept-Encoding, so caches are told to key on it even when this client got the plain bytes.
 */
function builtFiles(options: Parameters<typeof serveStatic>[0]): MiddlewareHandler {
  const serve = serveStatic({ ...options, precompressed: true })
  return async (c, next) => {
    const res = await serve(c, next)
    if (res instanceof Response && !/accept-encoding/i.test(res.headers.get("Vary") ?? ""))
      res.headers.append("Vary", "Accept-Encoding")
    return res
  }
}

/** index.html compressed once at start-up: it is sent on every navigation. */
function compressedPage(html: string) {
  const body = Buffer.from(html)
  return { br: brotliCompressSync(body), gzip: gzipSync(body, { level: 9 }) }
}

/**
 * Serves the built dashboard: hashed assets cached for a year, the dashboard's routes fall back to
 * index.html (never cached) so client-side routes survive a reload, and other paths get a 404
 * (see not-found.ts). Text files go out brotli- or
 * gzip-compressed when the client accepts it, from the variants the build wrote.
 */
export function webRoutes(root: string | null) {
  const app = new Hono()
  if (!root) {
    app.get("/", (c) =>
      c.html(
        "<!doctype html><title>Nativ</title><h1>Nativ</h1><p>The dashboard is not built. Run <code>npm start</code> (it builds it) or <code>npm run build</code>.</p>",
      ),
    )
    app.all("*", jsonNotFound)
    return app
  }
  const indexHtml = readIndexHtml(root)
  const indexCompressed = compressedPage(indexHtml)
  app.use(
    "/assets/*",
    async (c, next) => {
      await next()
      if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable")
    },
    builtFiles({ root }),
  )
  // A missing hashed asset (a tab still running an older build) must not get index.html back as
  // JavaScript: a 404 lets the dashboard show its reload prompt.
  app.get("/assets/*", (c) => c.text("Not found", 404))
  // "/" is sent to the fallback below so index.html always goes out with no-cache.
  app.use("*", builtFiles({ root, rewriteRequestPath: (p) => (p === "/" ? "/__spa__" : p) }))
  app.all("*", (c) => {
    const kind = classifyUnknownPath(c)
    if (kind === "json-not-found") return jsonNotFound(c)
    const status = kind === "page" ? 200 : 404
    c.header("Cache-Control", "no-cache")
    c.header("Vary", "Accept-Encoding")
    const encoding = preferredEncoding(c.req.header("Accept-Encoding"))
    if (!encoding) return c.html(indexHtml, status)
    c.header("Content-Encoding", encoding)
    c.header("Content-Type", "text/html; charset=UTF-8")
    return c.body(new Uint8Array(indexCompressed[encoding]), status)
  })
  return app
}
