import { Hono } from "hono"
import { requestId } from "hono/request-id"

import { adminRoutes } from "./admin/admin.routes"
import { mcpRoutes } from "./mcp/mcp.routes"
import { apiRoutes } from "./api/api.routes"
import { mountSdkPaths } from "./api/sdk-paths"
import { authRoutes } from "./auth/auth.routes"
import { mountBenchRoutes } from "./bench/bench.routes"
import { readinessCheck } from "./db/readiness"
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "./db/unavailable"
import type { AppDeps } from "./deps"
import { checkoutRoutes } from "./dev/checkout.routes"
import { mailRoutes } from "./dev/mail.routes"
import { functionsRoutes } from "./functions/functions.routes"
import { corsMiddleware } from "./http/cors"
import { inlineScriptHashes } from "./http/csp-hash"
import { publicConfig } from "./http/public-config"
import { requestLog } from "./http/request-log"
import { requestOrigin } from "./http/request-origin"
import { securityHeaders } from "./http/security-headers"
import { mountOAuth } from "./oauth/oauth.routes"
import { pluginsDistRoutes } from "./plugins-dist/plugins-dist.routes"
import { restRoutes } from "./rest/rest.routes"
import { findWebDist, readIndexHtml, webRoutes } from "./web/static"

export type AppOptions = { webRoot?: string | null }

/** The whole service on one Hono app: each protocol module mounted at its base path. */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const webRoot = options.webRoot === undefined ? findWebDist() : options.webRoot
  const app = new Hono()
  app.use(requestId())
  app.use(requestLog(deps.logger))
  const indexHtml = webRoot ? readIndexHtml(webRoot) : ""
  app.use(securityHeaders(deps.env, { scriptHashes: inlineScriptHashes(indexHtml) }))
  app.use(corsMiddleware(deps.env.CORS_ORIGINS))
  if (deps.env.BENCH_ROUTES) mountBenchRoutes(app, deps)

  app.get("/healthz", (c) => c.json({ status: "ok" }))
  const readiness = readinessCheck(deps.database)
  app.get("/readyz", async (c) => {
    const state = await readiness()
    return state.ready
      ? c.json({ status: "ready", database: deps.database.kind })
      : c.json({ status: state.status, database: deps.database.kind }, 503)
  })
  app.get("/config.json", (c) => {
    c.header("Cache-Control", "no-cache")
    c.header("Vary", "Host, X-Forwarded-Host, X-Forwarded-Proto")
    return c.json(publicConfig(deps, requestOrigin(c, deps.env.TRUST_PROXY)))
  })

  app.route("/auth/v1", authRoutes(deps))
  app.route("/rest/v1", restRoutes(deps))
  app.route("/functions/v1", functionsRoutes(deps))
  mountOAuth(app, deps)
  app.route("/api/v1", apiRoutes(deps))
  mountSdkPaths(app)
  app.route("/admin/v1", adminRoutes(deps))
  app.route("/plugins", pluginsDistRoutes(deps))
  app.route(
    "/mcp",
    mcpRoutes(deps, (request, env) => app.fetch(request, env)),
  )
  if (deps.env.devRoutes && deps.env.MAIL_TRANSPORT === "outbox")
    app.route("/_mail", mailRoutes(deps))
  if (deps.env.devRoutes && deps.env.PAYMENTS_PROVIDER === "local")
    app.route("/_checkout", checkoutRoutes(deps))

  app.onError((error, c) => {
    if (isDatabaseUnavailable(error)) {
      deps.logger.warn({ reqId: c.get("requestId"), err: error }, "database unavailable")
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS))
      return c.json(
        { error: { code: "service_unavailable", message: DATABASE_UNAVAILABLE_MESSAGE } },
        503,
      )
    }
    deps.logger.error({ reqId: c.get("requestId"), err: error }, "unhandled error")
    return c.json(
      { error: { code: "internal_error", message: "Something went wrong on our side." } },
      500,
    )
  })

  app.route("/", webRoutes(webRoot))
  return app
}
