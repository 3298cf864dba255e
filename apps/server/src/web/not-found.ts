import { isDashboardPath } from "@nativ/contracts/dashboard-paths"
import type { Context } from "hono"

import { apiErrorBody } from "../api/api-error"

/**
 * Namespaces no dashboard page lives under: this server's protocols, the Supabase ones it does not
 * serve (storage, realtime, graphql), discovery documents and the SDKs' root paths. An unknown path
 * there is an API client's mistake, answered in JSON, never with the dashboard's HTML.
 */
const API_NAMESPACES = [
  "/auth/",
  "/rest/",
  "/functions/",
  "/api/",
  "/admin/",
  "/mcp",
  "/storage/",
  "/realtime/",
  "/graphql/",
  "/.well-known/",
  "/image/",
  "/_mail",
  "/_checkout",
]

const inApiNamespace = (path: string) =>
  API_NAMESPACES.some((prefix) => path === prefix.replace(/\/$/, "") || path.startsWith(prefix))

/** A file name (`/favicon.png`, `/robots.txt`) rather than a page. */
const looksLikeFile = (path: string) => /\.[A-Za-z0-9]{1,8}$/.test(path)

const acceptsHtml = (c: Context) => /text\/html/.test(c.req.header("accept") ?? "")

/**
 * How the server answers a path that is not a built file. A dashboard route gets the page (200); a
 * browser navigating to any other page-like path gets the page with 404, so the app shows its
 * not-found screen and crawlers and monitors see the truth; everything else gets a JSON 404 in the
 * API's envelope (what Nativ's SDKs read).
 */
export function classifyUnknownPath(c: Context): "page" | "page-not-found" | "json-not-found" {
  const path = c.req.path
  if (c.req.method === "GET" || c.req.method === "HEAD") {
    if (isDashboardPath(path)) return "page"
    if (!inApiNamespace(path) && !looksLikeFile(path) && acceptsHtml(c)) return "page-not-found"
  }
  return "json-not-found"
}

export function jsonNotFound(c: Context) {
  const message = `No such endpoint: ${c.req.method} ${c.req.path}. See /api/v1/docs.`
  return c.json(apiErrorBody("not_found", message), 404)
}
