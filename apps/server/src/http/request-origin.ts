import type { Context } from "hono"

/** A host as browsers send it: a name or IPv4 address, or a bracketed IPv6 one, with a port. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The origin the browser reached this server at: the request's Host header and scheme — behind
 * `trustedProxies` reverse proxies (TRUST_PROXY), the `X-Forwarded-Host` and `X-Forwarded-Proto`
 * they set. Null when the header is not a plausible host, so a forged one is never echoed back.
 */
export function requestOrigin(c: Context, trustedProxies = 0): string | null {
  const url = new URL(c.req.url)
  const lastForwarded = (name: string) =>
    trustedProxies > 0
      ? c.req
          .header(name)
          ?.split(",")
          .map((s) => s.trim())
          .findLast(Boolean)
      : undefined
  const proto = lastForwarded("x-forwarded-proto") ?? url.protocol.replace(/:$/, "")
  const host = lastForwarded("x-forwarded-host") ?? c.req.header("host") ?? url.host
  if ((proto !== "http" && proto !== "https") || !HOST.test(host)) return null
  return `${proto}://${host.toLowerCase()}`
}
