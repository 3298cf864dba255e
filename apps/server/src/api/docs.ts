import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

import type { Hono } from "hono"

import type { Env } from "../env"

/**
 * Swagger UI has no dark theme: in the dark (the dashboard's stored choice, else the system's) the
 * page is inverted and turned back to its hues, and pictures are inverted again to look as drawn.
 */
const PAGE_CSS = `body{margin:0;font-family:system-ui,sans-serif}
.docs-bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 16px;padding:12px 20px;border-bottom:1px solid #d9d9d9;background:#fafafa}
.docs-bar a{color:#1d4ed8;font-weight:600;text-decoration:none}
.docs-bar a:hover,.docs-bar a:focus-visible{text-decoration:underline}
.docs-bar span{color:#3f3f46;font-size:14px}
html.dark{background:#111}
html.dark body{filter:invert(0.9) hue-rotate(180deg)}
html.dark img,html.dark svg.arrow,html.dark .microlight{filter:invert(1) hue-rotate(180deg)}
`

/** Dark when the dashboard was set to dark, or left to follow a dark system. */
const THEME_JS = `(function(){var t=null;try{t=localStorage.getItem("nativ-theme")}catch(e){}
var dark=t==="dark"||(t!=="light"&&window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches);
if(dark)document.documentElement.classList.add("dark")})()
`

/**
 * The interactive reference at /api/v1/docs: Swagger UI served from the npm package (no CDN, so
 * it renders on machines without internet access) over /api/v1/openapi.json, under a bar linking
 * back to the dashboard, light or dark as the dashboard is.
 */
export function docsRoutes<E extends object>(
  app: Hono<E & { Variables: object }>,
  apiUrl: string,
  dashboardUrl = "/",
) {
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
    return c.body(PAGE_CSS)
  })
  app.get("/docs/theme.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8")
    c.header("Cache-Control", "no-cache")
    return c.body(THEME_JS)
  })
  app.get("/docs", (c) =>
    c.html(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Nativ API reference</title>
<script src="${apiUrl}/docs/theme.js"></script>
<link rel="stylesheet" href="${apiUrl}/docs/swagger-ui.css">
<link rel="stylesheet" href="${apiUrl}/docs/page.css">
</head>
<body>
<nav class="docs-bar" aria-label="Nativ">
<a href="${escapeAttribute(dashboardUrl)}">← Back to the dashboard</a>
<span>Authenticate with <code>Authorization: Bearer nativ_…</code> or <code>X-API-Key: nativ_…</code></span>
</nav>
<main id="reference"></main>
<script src="${apiUrl}/docs/swagger-ui-bundle.js"></script>
<script src="${apiUrl}/docs/start.js"></script>
</body>
</html>`),
  )
}

/**
 * Where "Back to the dashboard" goes: SITE_URL when it (or PUBLIC_URL) was set; otherwise the
 * dashboard is served at the origin the reference was opened from.
 */
export function dashboardHome(env: Pick<Env, "SITE_URL" | "PUBLIC_URL" | "publicUrlConfigured">) {
  return env.publicUrlConfigured || env.SITE_URL !== env.PUBLIC_URL ? env.SITE_URL : "/"
}

function escapeAttribute(value: string) {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;")
}
