import { createHash, randomBytes } from "node:crypto"

export const API_KEY_PREFIX = "nativ_"

/** A new key: a recognisable prefix plus 32 random bytes. Only its hash is ever stored. */
export function generateApiKey() {
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url")
  return { key, hash: hashApiKey(key), preview: previewApiKey(key) }
}

/** SHA-256 is enough for 256-bit random secrets: there is nothing to brute-force. */
export function hashApiKey(key: string) {
  return createHash("sha256").update(key).digest("hex")
}

export function previewApiKey(key: string) {
  return `${API_KEY_PREFIX}…${key.slice(-4)}`
}

export function looksLikeApiKey(token: string) {
  return token.startsWith(API_KEY_PREFIX)
}
