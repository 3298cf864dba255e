import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

import { serveStatic } from "@hono/node-server/serve-static"
import { Hono } from "hono"

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

/**
 * Serves the built dashboard: hashed assets cached for a year, everything else falls back to
 * index.html (never cached) so client-side routes survive a reload.
 */
export function webRoutes(root: string | null) {
  const app = new Hono()
  if (!root) {
    app.get("/", (c) =>
      c.html(
        "<!doctype html><title>Nativ</title><h1>Nativ</h1><p>The dashboard is not built. Run <code>npm start</code> (it builds it) or <code>npm run build</code>.</p>",
      ),
    )
    return app
  }
  const indexHtml = readFileSync(join(root, "index.html"), "utf8")
  app.use(
    "/assets/*",
    async (c, next) => {
      await next()
      if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable")
    },
    serveStatic({ root }),
  )
  // A missing hashed asset (a tab still running an older build) must not get index.html back as
  // JavaScript: a 404 lets the dashboard show its reload prompt.
  app.get("/assets/*", (c) => c.text("Not found", 404))
  // "/" is sent to the fallback below so index.html always goes out with no-cache.
  app.use("*", serveStatic({ root, rewriteRequestPath: (p) => (p === "/" ? "/__spa__" : p) }))
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache")
    return c.html(indexHtml)
  })
  return app
}
