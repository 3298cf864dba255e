import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto"

import { Secret, TOTP } from "otpauth"
import { renderSVG } from "uqr"

import type { AppDeps } from "../deps"

/** RFC 6238 as authenticator apps expect it: SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30
const DIGITS = 6
/** One step either side of now, for clocks that drift and codes typed just before they change. */
const WINDOW = 1

/** A new random TOTP secret (160 bits, as RFC 4226 recommends), base32 as apps read it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

function totp(secret: string, issuer: string, label: string) {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  })
}

/**
 * What enrolment hands the user: the otpauth:// URI, and its QR code as an SVG string (auth-js
 * turns it into a data URI, as with Supabase Auth).
 */
export function totpEnrolment(secret: string, issuer: string, label: string) {
  const uri = totp(secret, issuer, label).toString()
  return { secret, uri, qr_code: renderSVG(uri) }
}

/**
 * The time step a code belongs to when it is valid now (±1 step), else undefined. The caller
 * refuses a step it has already accepted, so a code cannot be replayed.
 */
export function matchingTotpStep(secret: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined
  const timestamp = now.getTime()
  const delta = totp(secret, "", "").validate({ token: code, timestamp, window: WINDOW })
  if (delta === null) return undefined
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta
}

/**
 * AES-256-GCM under a key derived (HKDF) from the JWT secret, so a copy of the database alone
 * reveals no second factor. The user id is bound as associated data.
 */
function secretKey(deps: AppDeps): Buffer {
  return Buffer.from(
    hkdfSync("sha256", deps.jwt.deriveKey("mfa"), "nativ", "totp-secret-encryption", 32),
  )
}

export function encryptTotpSecret(deps: AppDeps, userId: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", secretKey(deps), iv)
  cipher.setAAD(Buffer.from(userId))
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()])
  return [iv, sealed, cipher.getAuthTag()].map((b) => b.toString("base64url")).join(".")
}

export function decryptTotpSecret(deps: AppDeps, userId: string, stored: string): string {
  const [iv, sealed, tag] = stored.split(".").map((part) => Buffer.from(part, "base64url"))
  const decipher = createDecipheriv("aes-256-gcm", secretKey(deps), iv!)
  decipher.setAAD(Buffer.from(userId))
  decipher.setAuthTag(tag!)
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString("utf8")
}
