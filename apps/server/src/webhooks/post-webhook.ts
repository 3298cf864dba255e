import { lookup as dnsLookup, type LookupAddress } from "node:dns"
import http from "node:http"
import https from "node:https"
import { isIP, type LookupFunction } from "node:net"

import { hostOf, isPublicAddress, privateMessage, type WebhookTarget } from "./address-policy"

/** The limit for one attempt: connecting, sending and the whole answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** What a delivery keeps of the answer's body (and of a network error). */
export const RESPONSE_BODY_MAX = 1_000
/** More than this is not read: a receiver cannot make us buffer a large answer. */
const READ_MAX_BYTES = 64 * 1024

export type PostResult = {
  /** The HTTP status; null when nothing answered (refused, timed out, blocked address). */
  status: number | null
  /** The first 1,000 characters of the answer, or what went wrong. */
  body: string
  durationMs: number
}

/**
 * One POST of a signed webhook. Redirects are not followed (node:http never does; a 3xx is the
 * answer, and the caller counts it a failure). In production the host is resolved once, every
 * address checked, and the connection made to the checked address (`lookup` below), so a DNS
 * answer that changes between the check and the connection (rebinding) cannot reach a private
 * address.
 */
export function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  target: WebhookTarget,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<PostResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  let url: URL
  try {
    url = new URL(rawUrl)
  } catch {
    return Promise.resolve({ status: null, body: "The endpoint URL is not valid.", durationMs: 0 })
  }
  const refused = refusal(url, target)
  if (refused) return Promise.resolve({ status: null, body: refused, durationMs: 0 })
  return new Promise((resolve) => {
    let settled = false
    const finish = (status: number | null, text: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve({ status, body: text.slice(0, RESPONSE_BODY_MAX), durationMs: elapsed() })
    }
    const transport = url.protocol === "https:" ? https : http
    const request = transport.request(url, {
      method: "POST",
      headers: { ...headers, "content-length": Buffer.byteLength(body).toString() },
      lookup: target.production ? publicOnlyLookup : undefined,
      agent: false,
    })
    const timer = setTimeout(() => {
      request.destroy(new Error(`Timed out after ${timeoutMs / 1000} s`))
    }, timeoutMs)
    request.on("response", (response) => {
      const chunks: Buffer[] = []
      let size = 0
      response.on("data", (chunk: Buffer) => {
        if (size >= READ_MAX_BYTES) return
        chunks.push(chunk)
        size += chunk.length
        if (size >= READ_MAX_BYTES) response.destroy()
      })
      const done = () => finish(response.statusCode ?? null, Buffer.concat(chunks).toString("utf8"))
      response.on("end", done)
      response.on("close", done)
      response.on("error", done)
    })
    request.on("error", (error) => finish(null, error.message || String(error)))
    request.end(body)
  })
}

/** Why an attempt is not made at all: http:// or a private address literal in production. */
function refusal(url: URL, target: WebhookTarget): string | null {
  if (!target.production) return null
  if (url.protocol !== "https:") return "Refused: webhook URLs must use https:// in production."
  const host = hostOf(url)
  if (isIP(host) && !isPublicAddress(host)) return `Refused: ${privateMessage(host)}`
  return null
}

/** Resolves the host once and hands the socket only addresses that are public. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, found) => {
    if (error) return callback(error, "", 4)
    const addresses = found as LookupAddress[]
    const refused = addresses.find((a) => !isPublicAddress(a.address))
    if (refused || addresses.length === 0) {
      const reason = refused
        ? `Refused: ${privateMessage(refused.address, hostname)}`
        : `The host ${hostname} has no address.`
      return callback(Object.assign(new Error(reason), { code: "EADDRREFUSED" }), "", 4)
    }
    if (options.all) return callback(null, addresses)
    const [first] = addresses
    callback(null, first!.address, first!.family)
  })
}
