import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto"

/** A random, URL-safe secret (32 bytes = 256 bits unless told otherwise). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url")
}

/** A six-digit code for `verifyOtp({email, token})`. */
export function otpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0")
}

/** Secrets are stored only as this hash. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex")
}

export function hmac(key: Buffer, value: string): string {
  return createHmac("sha256", key).update(value).digest("base64url")
}

/** Compares two secrets (or their hashes) without leaking where they differ through timing. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(sha256(a))
  const right = Buffer.from(sha256(b))
  return timingSafeEqual(left, right) && a === b
}
