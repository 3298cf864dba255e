import type { TokenStorage } from "@nativ/plugin-core"

import type { UxpModule } from "./host"

/** UTF-8 bytes to text, with TextDecoder where the host has it (older UXP versions do not). */
function utf8(bytes: Uint8Array): string {
  if (typeof TextDecoder === "function") return new TextDecoder().decode(bytes)
  return decodeURIComponent(
    Array.from(bytes, (b) => `%${b.toString(16).padStart(2, "0")}`).join(""),
  )
}

/**
 * The core's token storage on UXP's secureStorage (encrypted with the user's OS account). UXP
 * hands values back as bytes; a missing key may reject or resolve empty, depending on the version.
 */
export function secureTokenStorage(uxp: UxpModule): TokenStorage {
  const { secureStorage } = uxp.storage
  return {
    get: async (key) => {
      try {
        const bytes = await secureStorage.getItem(key)
        return bytes && bytes.length ? utf8(bytes) : undefined
      } catch {
        return undefined
      }
    },
    set: (key, value) => secureStorage.setItem(key, value),
    delete: async (key) => {
      try {
        await secureStorage.removeItem(key)
      } catch {
        // Nothing was stored under the key: already forgotten.
      }
    },
  }
}
