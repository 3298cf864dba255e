import { lookup } from "node:dns/promises"
import { isIP } from "node:net"

import ipaddr from "ipaddr.js"

/**
 * Where webhooks may go (no server-side request forgery). In production only `https://` URLs whose
 * host is a public unicast address: private, loopback, link-local, unique-local, carrier-grade NAT,
 * unspecified, multicast and every other special range are refused, in IPv4 and IPv6 alike (an
 * IPv4-mapped IPv6 address is judged as the IPv4 address it carries). In development and test any
 * http(s) URL goes, so local receivers work.
 */

export type WebhookTarget = { production: boolean }

export class WebhookUrlError extends Error {}

/** Public unicast only: ipaddr.js names every special-purpose range, and "unicast" is the rest. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === "unicast"
}

/** The URL's problem for a user to fix, or null; checked when an endpoint is created or changed. */
export async function webhookUrlProblem(
  raw: string,
  target: WebhookTarget,
): Promise<string | null> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return "The URL is not valid: write it in full, as https://example.com/webhooks."
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return "The URL must start with https://."
  if (url.username || url.password)
    return "The URL may not contain a user name or password; put credentials in the path or query instead."
  if (!target.production) return null
  if (url.protocol !== "https:") return "Webhook URLs must use https://."
  const host = hostOf(url)
  if (isIP(host)) return isPublicAddress(host) ? null : privateMessage(host)
  let addresses: string[]
  try {
    addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)
  } catch {
    return `The host ${host} could not be found.`
  }
  const refused = addresses.find((address) => !isPublicAddress(address))
  return refused === undefined ? null : privateMessage(refused, host)
}

/** The URL's host as an address or name, without IPv6 brackets. */
export function hostOf(url: URL) {
  return url.hostname.replace(/^\[(.*)\]$/, "$1")
}

export function privateMessage(address: string, host?: string) {
  const of = host && host !== address ? `${host} resolves to ${address}, which` : address
  return `Webhook URLs must reach a public address: ${of} is a private, loopback or reserved address.`
}
