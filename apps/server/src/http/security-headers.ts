import type { MiddlewareHandler } from "hono"
import { secureHeaders } from "hono/secure-headers"

import type { Env } from "../env"

/** The origins of the configured URLs, each once. */
function originsOf(urls: string[]) {
  return [...new Set(urls.map((url) => new URL(url).origin))]
}

/**
 * Security headers on every response (hono/secure-headers), with one Content-Security-Policy that
 * the built dashboard and the API reference satisfy: scripts only from the served files plus the
 * dashboard's inline start-up script by hash, connections to this server ('self') and the
 * configured PUBLIC_URL/API_URL origins, no framing anywhere (the dashboard has Purchase and Revoke buttons). Pages
 * with inline styles of their own (/_mail, /_checkout) send a stricter policy themselves, which is
 * kept. HSTS only when PUBLIC_URL is https: a server deliberately reached over plain http (local
 * use, the end-to-end tests) must not tell browsers otherwise.
 *
 * Styles allow 'unsafe-inline' because the dashboard's libraries add `<style>` elements at run
 * time that no hash can cover: Radix's scroll lock writes the measured scrollbar width into one
 * when a dialog or select opens, and sonner inserts its stylesheet on import. Scripts stay
 * hash-only, so an injected script never runs.
 */
export function securityHeaders(
  env: Pick<Env, "PUBLIC_URL" | "API_URL">,
  page: { scriptHashes: string[] },
): MiddlewareHandler {
  const https = new URL(env.PUBLIC_URL).protocol === "https:"
  // PUBLIC_URL's origin is listed even though it is usually 'self': a dashboard opened at another
  // address of the same server (127.0.0.1 for localhost, a LAN name, a proxy) still calls the
  // configured PUBLIC_URL and API_URL, which 'self' would not cover.
  const services = originsOf([env.PUBLIC_URL, env.API_URL])
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      // The API reference loads its bundle and stylesheet from API_URL.
      scriptSrc: ["'self'", ...services, ...page.scriptHashes],
      styleSrc: ["'self'", ...services, "'unsafe-inline'"],
      // Swagger UI's stylesheet draws its icons as data: SVGs; the Playground previews an image
      // chosen for upload through a blob: URL of the file.
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...services],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    // Headers for retired browsers and plugins (IE's X-Download-Options and X-XSS-Protection,
    // Flash's cross-domain policies) and the optional hints are left out: every header is set on
    // every response, and these five cost a REST answer about 2 µs for nothing.
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    originAgentCluster: false,
    // Hono never sets X-Powered-By.
    removePoweredBy: false,
    // A page that sets its own policy (the dev pages) keeps it.
    overwrite: false,
  })
}
