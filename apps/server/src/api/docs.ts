import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

import type { Hono } from "hono"

/**
 * The interactive reference at /api/v1/docs: Swagger UI served from the npm package (no CDN, so
 * it renders on machines without internet access) over /api/v1/openapi.json.
 */
export function docsRoutes<E extends object>(app: Hono<E & { Variables: object }>, apiUrl: string) {
  // Only the package's folder is needed: importing the package itself evaluates its 1.4 MB browser
  // bundle in Node, which cost ~250 ms of start-up and ~40 MB of memory (npm run bench, scenario 6).
  const assets = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"))
  const files: Record<string, string> = {
    "swagger-ui.css": "text/css; charset=utf-8",
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  }
  for (const [file, type] of Object.entries(files)) {
    const body = readFileSync(join(assets, file))
    app.get(`/docs/${file}`, (c) => {
      c.header("Content-Type", type)
      c.header("Cache-Control", "public, max-age=86400")
      return c.body(body)
    })
  }
  // The page's own script and style are files too: the Content-Security-Policy allows no inline
  // script (src/http/security-headers.ts).
  const start = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(`${apiUrl}/openapi.json`)}, dom_id: "#reference", deepLinking: true, persistAuthorization: true })\n`
  app.get("/docs/start.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8")
    c.header("Cache-Control", "no-cache")
    return c.body(start)
  })
  app.get("/docs/page.css", (c) => {
    c.header("Content-Type", "text/css; charset=utf-8")
    c.header("Cache-Control", "no-cache")
    return c.body("body{margin:0;font-family:system-ui,sans-serif}\n")
  })
  app.get("/docs", (c) =>
    c.html(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Nativ API reference</title>
<link rel="stylesheet" href="${apiUrl}/docs/swagger-ui.css">
<link rel="stylesheet" href="${apiUrl}/docs/page.css">
</head>
<body>
<div id="reference"></div>
<script src="${apiUrl}/docs/swagger-ui-bundle.js"></script>
<script src="${apiUrl}/docs/start.js"></script>
</body>
</html>`),
  )
}
